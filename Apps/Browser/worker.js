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

/// A content script's request: fill (optionally with the account chosen), unlock, or settings.
function fromContentScript(message, sender) {
  const url = frameURL(sender);
  const top = sender.tab?.url;
  switch (message?.type) {
    case "fill":
      if (!url || !top) return Promise.resolve({ version: 1, type: "refused", reason: "unparsable_url", message: "The page's address is unknown." });
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

/// The popup's request, about the tab it names: codes, suggest, bind (after the person
/// confirmed), unlock, or fill_chosen (handed to the tab's top frame).
async function fromPopup(message) {
  if (message?.type === "unlock") return host({ type: "unlock" });
  const tab = await api.tabs.get(message.tab);
  const url = tab?.url;
  if (!url) return { version: 1, type: "refused", reason: "unparsable_url", message: "This tab's address is unknown." };
  switch (message.type) {
    case "codes":
    case "suggest":
      return host({ type: message.type, url, top: url });
    case "bind":
      return host({ type: "bind", url, id: message.id });
    case "fill_chosen":
      await api.tabs.sendMessage(tab.id, { type: "fill_chosen", id: message.id }, { frameId: 0 });
      return { version: 1, type: "sent" };
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
