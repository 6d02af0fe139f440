// Twofold's popup: the codes of the accounts bound to the current tab's site with their
// countdown, a Fill button for each (the chooser when several match), the suggestions for an
// unbound site (bound only after the person confirms), and Unlock when the agent is locked.
"use strict";
const api = globalThis.browser ?? globalThis.chrome;
const $ = (id) => document.getElementById(id);
let tabId = null;
let ticker = null;

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

function row(account, ...parts) {
  const item = document.createElement("li");
  const name = document.createElement("span");
  name.className = "label";
  name.textContent = label(account);
  item.append(name, ...parts);
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
      if (sent?.type === "sent") window.close();
    });
    row(account, code, left, fill);
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
    const answer = await ask({ type: "bind", id: account.id });
    if (answer?.type === "bound") return load();
    show(answer?.message ?? "Not bound.");
  };
  $("confirm-cancel").onclick = () => ($("confirm").hidden = true);
}

async function load() {
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

targetTab().then((id) => {
  tabId = id;
  load();
});
