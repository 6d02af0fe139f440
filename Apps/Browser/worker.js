// Twofold's background worker: the only part that talks to the native messaging host
// (io.github.twofold, `twofold browser-host`). The page URLs it sends are the ones the browser
// reports for the sender, never ones a page or a content script wrote.
"use strict";
const api = globalThis.browser ?? globalThis.chrome;
const HOST = "io.github.twofold";

/// One request to the host, one answer; a host that is missing or fails becomes an error answer.
async function host(request) {
  try {
    const answer = await api.runtime.sendNativeMessage(HOST, { version: 1, ...request });
    return answer ?? { version: 1, type: "error", message: "The host gave no answer." };
  } catch (error) {
    const reason = String(error?.message ?? error);
    return { version: 1, type: "error", message: `Twofold's host could not be reached (${reason}): run \`twofold browser install\`.` };
  }
}

/// The URL of the frame that sent a message: an about:blank or srcdoc frame has its creator's origin.
function frameURL(sender) {
  if (sender.url && !/^about:/.test(sender.url)) return sender.url;
  return sender.origin && sender.origin !== "null" ? `${sender.origin}/` : sender.url;
}

/// Whether the sender is one of this extension's pages (the popup): the browser sets `sender.url`,
/// and content scripts never run in extension pages.
const fromExtensionPage = (sender) => sender.id === api.runtime.id && sender.url?.startsWith(api.runtime.getURL(""));

/// A content script's request: site (is an account bound here: draw the button or not), fill
/// (optionally with the account chosen), unlock, or settings.
function fromContentScript(message, sender) {
  const url = frameURL(sender);
  const top = sender.tab?.url;
  const unknown = { version: 1, type: "refused", reason: "unparsable_url", message: "The page's address is unknown." };
  switch (message?.type) {
    case "site":
      if (!url || !top) return Promise.resolve(unknown);
      return host({ type: "site", url, top });
    case "fill":
      if (!url || !top) return Promise.resolve(unknown);
      return host(typeof message.id === "string" ? { type: "fill", url, top, id: message.id } : { type: "fill", url, top })
        .then(({ suggestions, ...answer }) => answer); // other accounts' labels are for the popup only
    case "unlock":
      return host({ type: "unlock" });
    case "settings":
      return host({ type: "settings" });
    default:
      return Promise.resolve({ version: 1, type: "error", message: `A page may not ask for "${message?.type}".` });
  }
}

/// Whether `url`'s host is `domain` or under it: the worker's own check that the tab is still
/// on the site the person confirmed (the host checks the registrable domain exactly).
function isOn(url, domain) {
  try {
    const name = new URL(url).hostname.toLowerCase();
    return typeof domain === "string" && domain !== "" && (name === domain || name.endsWith(`.${domain}`));
  } catch {
    return false;
  }
}

/// The frame of tab `tabId` whose content script has a code field drawn: the top frame when it
/// has one, else the first other frame to say so; its token, or null.
async function frameWithField(tabId) {
  const asked = (options) =>
    api.tabs.sendMessage(tabId, { type: "has_field" }, options).then((answer) => answer?.token ?? null, () => null);
  return (await asked({ frameId: 0 })) ?? (await asked(undefined));
}

/// The popup's request, about the tab it names: codes, suggest, bind (the domain the person
/// confirmed), unlock, fill_chosen (handed to the frame with the field), accounts, copy.
async function fromPopup(message) {
  switch (message?.type) {
    case "unlock":
      return host({ type: "unlock" });
    case "accounts":
      return host({ type: "accounts" });
    case "copy":
      return host({ type: "copy", id: message.id });
  }
  const tab = await api.tabs.get(message.tab);
  const url = tab?.url;
  if (!url) return { version: 1, type: "refused", reason: "unparsable_url", message: "This tab's address is unknown." };
  switch (message.type) {
    case "codes":
    case "suggest":
      return host({ type: message.type, url, top: url });
    case "bind":
      if (!isOn(url, message.domain)) {
        return { version: 1, type: "refused", reason: "site_changed", message: "the page left the site you confirmed: nothing was bound" };
      }
      return host({ type: "bind", url, id: message.id, domain: message.domain });
    case "fill_chosen": {
      const token = await frameWithField(tab.id);
      if (!token) return { version: 1, type: "error", message: "No code field a person can see is on this page." };
      await api.tabs.sendMessage(tab.id, { type: "fill_chosen", id: message.id, token });
      return { version: 1, type: "sent" };
    }
    default:
      return { version: 1, type: "error", message: `Unknown request "${message.type}".` };
  }
}

api.runtime.onMessage.addListener((message, sender, respond) => {
  if (sender.id !== api.runtime.id) return false;
  const answer = fromExtensionPage(sender) ? fromPopup(message) : fromContentScript(message, sender);
  answer.then(respond, (error) => respond({ version: 1, type: "error", message: String(error?.message ?? error) }));
  return true;
});
