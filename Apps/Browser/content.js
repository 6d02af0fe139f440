// Twofold's content script: finds the page's code field (CLI.md, "In the browser"), puts one
// <twofold-fill> element over its end and, on a click, asks the worker for the code and fills it
// as typing would. It never sees anything but the answer for this frame's own URL.
"use strict";
(() => {
  if (window.twofoldContentScript) return; // injected once per frame
  window.twofoldContentScript = true;
  const api = globalThis.browser ?? globalThis.chrome;

  const CODE_WORDS = /\b(otp|totp|2fa|mfa|one time|onetime|code|token|verification|security code)\b/;
  const CODE_PARTS = /^(otp|totp|2fa|mfa|onetime|verification)|(otp|code|token)$/;
  const EXCLUDED_WORDS =
    /\b(e ?mail|password|passwd|pass ?word|postal|post ?code|postcode|zip|coupon|promo|voucher|gift|card|cc|cvv|cvc|csc|phone|mobile|tel|telephone)\b/;
  const EXCLUDED_AUTOCOMPLETE = /\b(email|username|current-password|new-password|postal-code|tel[a-z-]*|cc-[a-z-]+)\b/;
  const TEXT_TYPES = new Set(["text", "tel", "number"]);

  /// The words an input is described by: id, name, placeholder and aria-label, split at case
  /// changes and punctuation.
  function words(input) {
    const raw = [input.id, input.name, input.placeholder, input.getAttribute("aria-label")].join(" ");
    return raw.replace(/([a-z])([A-Z])/g, "$1 $2").toLowerCase().replace(/[^a-z0-9]+/g, " ");
  }

  function usable(input) {
    return (
      input instanceof HTMLInputElement && TEXT_TYPES.has(input.type) &&
      !input.disabled && !input.readOnly && input.getClientRects().length > 0
    );
  }

  function excluded(input) {
    const text = words(input);
    return EXCLUDED_WORDS.test(text) || EXCLUDED_AUTOCOMPLETE.test(input.autocomplete || "");
  }

  function isOneTimeCode(input) {
    return (input.getAttribute("autocomplete") || "").toLowerCase().split(/\s+/).includes("one-time-code");
  }

  function saysCode(input) {
    const text = words(input);
    return CODE_WORDS.test(text) || text.split(" ").some((word) => CODE_PARTS.test(word));
  }

  /// Runs of 4–8 adjacent single-character inputs (boxes in one parent, or each in its own
  /// wrapper under one grandparent), each run one field.
  function segmentedRuns(inputs) {
    const runs = [];
    let run = [];
    const close = () => {
      if (run.length >= 4 && run.length <= 8) runs.push(run);
      run = [];
    };
    for (const input of inputs) {
      const single = input.maxLength === 1 && usable(input);
      const previous = run[run.length - 1];
      const adjacent =
        previous &&
        (previous.parentElement === input.parentElement ||
          previous.parentElement?.parentElement === input.parentElement?.parentElement);
      if (!single || !adjacent) close();
      if (single) run.push(input);
    }
    close();
    return runs;
  }

  /// The page's code field, as the list of boxes it is made of (one for a plain field), or null.
  function findField() {
    const inputs = [...document.querySelectorAll("input")];
    const runs = segmentedRuns(inputs);
    const fieldOf = (input) => runs.find((boxes) => boxes.includes(input)) ?? [input];
    const candidates = inputs.filter((input) => usable(input) && !excluded(input));
    const chosen =
      candidates.find(isOneTimeCode) ??
      candidates.find((input) => saysCode(input) && input.maxLength !== 1) ??
      runs.find((boxes) => !boxes.some(excluded))?.[0] ??
      candidates.find(saysCode);
    return chosen ? fieldOf(chosen) : null;
  }

  // The one <twofold-fill> element of this frame, with its open shadow root.
  let field = null;
  let host = null;
  let button = null;
  let status = null;
  let chooser = null;
  let panel = null;

  function place() {
    if (!field || !host) return;
    const last = field[field.length - 1].getBoundingClientRect();
    const size = 24;
    const left = field.length > 1 ? last.right + 4 : last.right - size - 4;
    host.style.left = `${left}px`;
    panel?.classList.toggle("start", left < innerWidth / 2); // opens toward the wider side
    host.style.top = `${last.top + (last.height - size) / 2}px`;
  }

  function attach(found) {
    field = found;
    host = document.createElement("twofold-fill");
    host.style.cssText = "position: fixed; z-index: 2147483647; display: block;";
    const root = host.attachShadow({ mode: "open" });
    root.innerHTML = `
      <style>
        :host { position: fixed !important; z-index: 2147483647 !important; }
        button.fill { width: 24px; height: 24px; padding: 0; border: 1px solid #888; border-radius: 4px;
          background: #fff; color: #1a5fb4; font: bold 11px sans-serif; cursor: pointer; }
        .panel { position: absolute; top: 28px; right: 0; min-width: 16em; background: #fff; color: #000;
          border: 1px solid #888; border-radius: 4px; padding: 4px; font: 13px sans-serif; }
        .panel.start { left: 0; right: auto; }
        .panel[hidden] { display: none; }
        .panel button { display: block; width: 100%; margin: 2px 0; text-align: left; }
      </style>
      <button class="fill" type="button" aria-label="Fill the code from Twofold" title="Fill the code from Twofold">2F</button>
      <div class="panel" hidden><div role="status"></div><div class="chooser"></div></div>`;
    button = root.querySelector("button.fill");
    status = root.querySelector("[role=status]");
    chooser = root.querySelector(".chooser");
    panel = root.querySelector(".panel");
    button.addEventListener("click", (event) => {
      if (event.isTrusted) fill(undefined);
    });
    document.body.appendChild(host);
    place();
    addEventListener("scroll", place, { passive: true, capture: true });
    addEventListener("resize", place, { passive: true });
    field[0].addEventListener("focus", autofillOnce, { once: true });
  }

  // Autofill acts on the field's first focus only, and not on the focus a fill itself gives it.
  let autofillArmed = true;

  async function autofillOnce(event) {
    if (!event.isTrusted || !autofillArmed) return;
    autofillArmed = false;
    const settings = await ask({ type: "settings" });
    if (settings?.type === "settings" && settings.autofill === true) fill(undefined);
  }

  function say(text) {
    status.textContent = text;
    chooser.replaceChildren();
    panel.hidden = text === "";
  }

  function ask(message) {
    return api.runtime.sendMessage(message).catch((error) => ({ type: "error", message: String(error.message ?? error) }));
  }

  /// Sets `value` as typing would: the element's own native setter, then input and change.
  function type(input, value) {
    const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value").set;
    input.focus();
    setter.call(input, value);
    input.dispatchEvent(new Event("input", { bubbles: true }));
    input.dispatchEvent(new Event("change", { bubbles: true }));
  }

  function fillWith(code) {
    if (field.length === 1) {
      type(field[0], code);
    } else {
      [...code].slice(0, field.length).forEach((character, index) => type(field[index], character));
    }
  }

  async function fill(id, unlocked = false) {
    autofillArmed = false;
    const requested = location.href;
    const boxes = field;
    say("Asking Twofold…");
    const answer = await ask(id ? { type: "fill", id } : { type: "fill" });
    if (location.href !== requested || boxes !== field || !boxes.every((box) => box.isConnected)) {
      say("The page changed before the code came: nothing filled. Click again.");
      return;
    }
    switch (answer?.type) {
      case "code":
        fillWith(answer.code);
        say("");
        break;
      case "choose":
        say(`Several accounts are bound to ${answer.domain}: choose one.`);
        for (const account of answer.accounts) {
          const choice = document.createElement("button");
          choice.type = "button";
          choice.textContent = label(account);
          choice.setAttribute("aria-label", `Fill the code of ${label(account)}`);
          choice.addEventListener("click", (event) => event.isTrusted && fill(account.id));
          chooser.appendChild(choice);
        }
        break;
      case "locked":
        if (unlocked) return say("Twofold is still locked.");
        say("Twofold is locked: unlocking…");
        {
          const unlock = await ask({ type: "unlock" });
          if (unlock?.type === "unlocked") return fill(id, true);
          say(unlock?.type === "cancelled" ? "Unlock cancelled." : `Twofold: ${unlock?.message ?? "not unlocked"}`);
        }
        break;
      case "no_account":
        say(`No Twofold account is bound to ${answer.domain}: bind one from Twofold's toolbar button.`);
        break;
      case "refused":
        say(`Twofold refuses to fill here: ${answer.message}`);
        break;
      default:
        say(`Twofold: ${answer?.message ?? "no answer"}`);
    }
  }

  function label(account) {
    return account.name ? `${account.issuer} (${account.name})` : account.issuer;
  }

  function scan() {
    if (field && field.every((box) => box.isConnected)) return place();
    if (host) {
      host.remove();
      host = field = null;
    }
    const found = findField();
    if (found && document.body) attach(found);
  }

  // The popup's "Fill" for one account comes through the worker (to the top frame only).
  api.runtime.onMessage.addListener((message, sender) => {
    if (sender.id !== api.runtime.id || message?.type !== "fill_chosen" || !field) return;
    fill(message.id);
  });

  let pending = false;
  new MutationObserver((records) => {
    if (pending || records.every((record) => record.target === host)) return;
    pending = true;
    requestAnimationFrame(() => {
      pending = false;
      scan();
    });
  }).observe(document.documentElement, { childList: true, subtree: true, attributes: true, attributeFilter: ["type", "autocomplete", "maxlength", "style", "class", "hidden"] });
  scan();
})();
