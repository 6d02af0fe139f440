// Twofold's popup: the codes of the accounts bound to the current tab's site with their
// countdown, a Fill and a Copy button for each, the suggestions for an unbound site (bound only
// after the person confirms, to the domain confirmed), a search over every account with Copy
// (any site), the accounts' icons, and Unlock when the agent is locked.
"use strict";
const api = globalThis.browser ?? globalThis.chrome;
const $ = (id) => document.getElementById(id);
let tabId = null;
let ticker = null;
let everyAccount = null; // the host's listing (labels, types, icons), once asked
const icons = new Map();

/// The tab the popup acts for: the active one, or (opened as a page of its own) the web tab
/// used last.
async function targetTab() {
  const [active] = await api.tabs.query({ active: true, currentWindow: true });
  if (active && !active.url?.startsWith(api.runtime.getURL(""))) return active.id;
  const tabs = (await api.tabs.query({})).filter((tab) => /^https?:/.test(tab.url ?? ""));
  tabs.sort((a, b) => (b.lastAccessed ?? 0) - (a.lastAccessed ?? 0));
  return tabs[0]?.id ?? null;
}

const ask = (message) => api.runtime.sendMessage({ tab: tabId, ...message });
const label = (account) => (account.name ? `${account.issuer} (${account.name})` : account.issuer);

function show(text) {
  clearInterval(ticker);
  $("message").textContent = text;
  $("accounts").replaceChildren();
  $("unlock").hidden = true;
  $("confirm").hidden = true;
}

/// The account's icon from the vault, or its issuer's first letter.
function icon(account) {
  const source = icons.get(account.id);
  if (source && /^data:image\/(png|jpeg|svg\+xml);base64,/.test(source)) {
    const image = document.createElement("img");
    image.className = "icon";
    image.alt = "";
    image.src = source; // an <img> runs no script, even of an SVG
    return image;
  }
  const letter = span("icon initial", (account.issuer || account.name || "?").slice(0, 1).toUpperCase());
  letter.setAttribute("aria-hidden", "true");
  return letter;
}

function row(account, ...parts) {
  const item = document.createElement("li");
  item.dataset.id = account.id;
  const name = document.createElement("span");
  name.className = "label";
  name.textContent = label(account);
  item.append(icon(account), name, ...parts);
  $("accounts").append(item);
  return item;
}

function button(text, name, action) {
  const element = document.createElement("button");
  element.type = "button";
  element.textContent = text;
  element.setAttribute("aria-label", name);
  element.addEventListener("click", action);
  return element;
}

function span(className, text) {
  const element = document.createElement("span");
  element.className = className;
  element.textContent = text;
  return element;
}

function showCodes(answer) {
  show(answer.accounts.length > 1 ? `Accounts bound to ${answer.domain}: choose one.` : `Bound to ${answer.domain}`);
  const countdowns = [];
  for (const account of answer.accounts) {
    const code = span("code", account.code ?? "counter");
    const left = span("left", account.seconds_left == null ? "" : `${account.seconds_left}s`);
    if (account.seconds_left != null) countdowns.push({ left, seconds: account.seconds_left });
    const fill = button("Fill", `Fill the code of ${label(account)}`, async () => {
      const sent = await ask({ type: "fill_chosen", id: account.id });
      if (sent?.type === "sent") return window.close();
      $("copied").textContent = sent?.message ?? "Not filled.";
    });
    row(account, code, left, fill, copyButton(account));
  }
  ticker = setInterval(() => {
    for (const countdown of countdowns) {
      countdown.seconds -= 1;
      countdown.left.textContent = `${Math.max(countdown.seconds, 0)}s`;
      if (countdown.seconds <= 0) return load();
    }
  }, 1000);
}

function showSuggestions(answer) {
  const some = answer.suggestions?.length > 0;
  show(`No account is bound to ${answer.domain}.${some ? " Bind one of these?" : " Bind one with `twofold browser bind`."}`);
  for (const account of answer.suggestions ?? []) {
    row(account, button("Bind…", `Bind ${label(account)} to ${answer.domain}`, () => confirmBinding(account, answer.domain)));
  }
}

function confirmBinding(account, domain) {
  $("confirm-text").textContent = `Bind ${label(account)} to ${domain}? Its codes will be offered on ${domain} and its subdomains, nowhere else.`;
  $("confirm").hidden = false;
  $("confirm-bind").onclick = async () => {
    $("confirm").hidden = true;
    // The domain confirmed goes with the request: the worker and the host bind nothing when the
    // tab has left it since.
    const answer = await ask({ type: "bind", id: account.id, domain });
    if (answer?.type === "bound") return load();
    show(answer?.message ?? "Not bound.");
  };
  $("confirm-cancel").onclick = () => ($("confirm").hidden = true);
}

function copyButton(account) {
  return button("Copy", `Copy the code of ${label(account)}`, () => copy(account));
}

/// Copies an account's code: the host puts it on the system clipboard and clears it later (as
/// `twofold code --copy`); without a clipboard tool it hands the code here, and the browser copies.
async function copy(account) {
  const answer = await ask({ type: "copy", id: account.id });
  switch (answer?.type) {
    case "copied":
      $("copied").textContent =
        answer.cleared_after == null
          ? `Copied the code of ${label(account)}; it is not cleared later: clear it yourself.`
          : `Copied the code of ${label(account)}; cleared in ${answer.cleared_after} s.`;
      return;
    case "code":
      try {
        await navigator.clipboard.writeText(answer.code);
        $("copied").textContent = `Copied the code of ${label(account)} (no clipboard tool for Twofold: not cleared later).`;
      } catch (error) {
        $("copied").textContent = `Could not copy: ${error.message ?? error}`;
      }
      return;
    case "locked":
      show("Twofold is locked.");
      $("unlock").hidden = false;
      return;
    default:
      $("copied").textContent = answer?.message ?? "Not copied.";
  }
}

/// Text compared by the search: lowercase, without diacritics.
const folded = (text) => text.normalize("NFD").replace(/[\u0300-\u036f]/g, "").toLowerCase();

function showFound() {
  const query = folded($("search").value.trim());
  const found = $("found");
  found.replaceChildren();
  found.hidden = query === "";
  $("accounts").hidden = query !== "";
  if (query === "") return;
  if (everyAccount == null) {
    found.append(Object.assign(document.createElement("li"), { textContent: "Twofold is locked: unlock to search." }));
    return;
  }
  const matches = everyAccount.filter((account) => folded(`${account.issuer} ${account.name}`).includes(query));
  if (matches.length === 0) {
    found.append(Object.assign(document.createElement("li"), { textContent: "No account matches." }));
  }
  for (const account of matches) {
    const item = document.createElement("li");
    const name = span("label", label(account));
    item.append(icon(account), name, copyButton(account));
    found.append(item);
  }
}

/// Every account's label and icon, for the search and the rows' icons (once unlocked).
async function loadAccounts() {
  const answer = await ask({ type: "accounts" });
  if (answer?.type !== "accounts") return;
  everyAccount = answer.accounts;
  for (const account of everyAccount) if (account.icon) icons.set(account.id, account.icon);
  for (const item of document.querySelectorAll("#accounts li[data-id]")) {
    const account = everyAccount.find((each) => each.id === item.dataset.id);
    if (account && icons.has(account.id)) item.firstElementChild.replaceWith(icon(account));
  }
  showFound();
}

async function load() {
  if (everyAccount == null) loadAccounts();
  if (tabId == null) return show("No web page is open.");
  const answer = await ask({ type: "codes" });
  switch (answer?.type) {
    case "codes":
      if (answer.accounts.length > 0) return showCodes(answer);
      return render(await ask({ type: "suggest" }));
    default:
      return render(answer);
  }
}

function render(answer) {
  switch (answer?.type) {
    case "codes":
      return showCodes(answer);
    case "code":
      return showCodes({ domain: "", accounts: [answer] });
    case "choose":
      return showCodes({ domain: answer.domain, accounts: answer.accounts.map((account) => ({ ...account, code: "" })) });
    case "no_account":
      return showSuggestions(answer);
    case "locked":
      show("Twofold is locked.");
      $("unlock").hidden = false;
      return;
    case "refused":
      return show(`Not on this page: ${answer.message}`);
    default:
      return show(answer?.message ?? "No answer from Twofold.");
  }
}

$("unlock").addEventListener("click", async () => {
  show("Unlocking…");
  const answer = await ask({ type: "unlock" });
  if (answer?.type === "unlocked") return load();
  show(answer?.type === "cancelled" ? "Unlock cancelled." : answer?.message ?? "Not unlocked.");
  $("unlock").hidden = false;
});

$("search").addEventListener("input", showFound);

targetTab().then((id) => {
  tabId = id;
  load();
});
