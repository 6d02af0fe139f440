// Twofold's content script: finds the page's code field (CLI.md, "In the browser"), asks the
// worker whether an account is bound to this frame's site and, only then, puts one
// <twofold-fill> element over the field's end; on a click it asks for the code and fills it as
// typing would. Where nothing can be filled it draws nothing, so a page cannot tell it is there.
// It never sees anything but the answer for this frame's own URL.
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
  const SMALLEST = 8; // px: a box smaller than this either way is no field a person can use

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

  /// Whether a person can see `input`: rendered at a usable size, on the page (not pushed off
  /// its edges), not hidden by visibility, opacity, clipping or an ancestor's overflow, and, where
  /// its middle is on screen, not covered by something else. A honeypot fails one of these.
  function visible(input) {
    if (!usable(input)) return false;
    const rect = input.getBoundingClientRect();
    if (rect.width < SMALLEST || rect.height < SMALLEST) return false;
    const page = document.documentElement;
    const width = Math.max(page.scrollWidth, innerWidth);
    const height = Math.max(page.scrollHeight, innerHeight);
    if (rect.right + scrollX <= 0 || rect.bottom + scrollY <= 0) return false;
    if (rect.left + scrollX >= width || rect.top + scrollY >= height) return false;
    const style = getComputedStyle(input);
    if (style.visibility !== "visible") return false;
    let opacity = 1;
    for (let element = input; element && element.nodeType === Node.ELEMENT_NODE; element = element.parentElement) {
      const own = element === input ? style : getComputedStyle(element);
      opacity *= Number(own.opacity);
      if (opacity < 0.1) return false;
      if (own.clip && own.clip !== "auto" && (own.position === "absolute" || own.position === "fixed")) return false;
      if (own.clipPath && own.clipPath !== "none" && /inset\((4\d|5\d|[6-9]\d|100)%/.test(own.clipPath)) return false;
      if (element !== input && own.overflow !== "visible") {
        const box = element.getBoundingClientRect();
        const across = Math.min(rect.right, box.right) - Math.max(rect.left, box.left);
        const down = Math.min(rect.bottom, box.bottom) - Math.max(rect.top, box.top);
        if (across < SMALLEST || down < SMALLEST) return false;
      }
    }
    const x = rect.left + Math.min(rect.width / 2, 12);
    const y = rect.top + rect.height / 2;
    if (x >= 0 && y >= 0 && x < innerWidth && y < innerHeight) {
      const hit = document.elementFromPoint(x, y);
      const itsLabel = hit?.closest?.("label")?.control === input;
      if (hit && hit !== input && !input.contains(hit) && !itsLabel && !(host && hit === host)) return false;
    }
    return true;
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

  /// Runs of 4–8 adjacent single-character inputs a person can see (boxes in one parent, or each
  /// in its own wrapper under one grandparent), each run one field.
  function segmentedRuns(inputs) {
    const runs = [];
    let run = [];
    const close = () => {
      if (run.length >= 4 && run.length <= 8) runs.push(run);
      run = [];
    };
    for (const input of inputs) {
      const single = input.maxLength === 1 && visible(input);
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

  // The code field the person last focused (a click or Tab into it): preferred over the order.
  let focused = null;

  /// The page's code field, as the list of boxes it is made of (one for a plain field), or null:
  /// the one the person focused, else the first in CLI.md's order; never one a person cannot see.
  function findField() {
    const inputs = [...document.querySelectorAll("input")];
    const runs = segmentedRuns(inputs);
    const fieldOf = (input) => runs.find((boxes) => boxes.includes(input)) ?? [input];
    const candidates = inputs.filter((input) => !excluded(input) && visible(input));
    const isCandidate = (input) =>
      candidates.includes(input) && (isOneTimeCode(input) || saysCode(input) || runs.some((boxes) => boxes.includes(input)));
    if (focused && focused.isConnected && isCandidate(focused)) return fieldOf(focused);
    const chosen =
      candidates.find(isOneTimeCode) ??
      candidates.find((input) => saysCode(input) && input.maxLength !== 1) ??
      runs.find((boxes) => !boxes.some(excluded))?.[0] ??
      candidates.find(saysCode);
    return chosen ? fieldOf(chosen) : null;
  }

  /// Whether `input` could be a code field at all (the focus is remembered only for those).
  function couldBeCodeField(input) {
    return (
      input instanceof HTMLInputElement && TEXT_TYPES.has(input.type) && !excluded(input) &&
      (isOneTimeCode(input) || saysCode(input) || input.maxLength === 1)
    );
  }

  // The one <twofold-fill> element of this frame, with its open shadow root; drawn only once the
  // host said an account is bound to this frame's site.
  let field = null;
  let host = null;
  let button = null;
  let status = null;
  let chooser = null;
  let panel = null;
  // A random name for this frame, which the popup's Fill uses to reach the frame with the field.
  // (crypto.randomUUID exists only in secure contexts; a plain http page is none.)
  const frameToken = [...crypto.getRandomValues(new Uint8Array(16))].map((byte) => byte.toString(16).padStart(2, "0")).join("");

  function place() {
    if (!field || !host) return;
    const last = field[field.length - 1].getBoundingClientRect();
    const size = 24;
    const left = field.length > 1 ? last.right + 4 : last.right - size - 4;
    host.style.left = `${left}px`;
    panel?.classList.toggle("start", left < innerWidth / 2); // opens toward the wider side
    host.style.top = `${last.top + (last.height - size) / 2}px`;
  }

  function draw() {
    host = document.createElement("twofold-fill");
    host.style.cssText = "position: fixed; z-index: 2147483647; display: block;";
    const root = host.attachShadow({ mode: "open" });
    root.innerHTML = `
      <style>
        :host { position: fixed !important; z-index: 2147483647 !important; color-scheme: light dark; }
        button.fill { width: 24px; height: 24px; padding: 0; border: 1px solid #888; border-radius: 4px;
          background: #fff; color: #1a5fb4; font: bold 11px sans-serif; cursor: pointer; }
        .panel { position: absolute; top: 28px; right: 0; min-width: 16em; background: #fff; color: #000;
          border: 1px solid #888; border-radius: 4px; padding: 4px; font: 13px sans-serif; }
        .panel.start { left: 0; right: auto; }
        .panel[hidden] { display: none; }
        .panel button { display: block; width: 100%; margin: 2px 0; text-align: left; }
        @media (prefers-color-scheme: dark) {
          button.fill { background: #2a2a2e; color: #99c1f1; border-color: #777; }
          .panel { background: #2a2a2e; color: #eee; border-color: #777; }
        }
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
    addEventListener("scroll", place, { passive: true, capture: true });
    addEventListener("resize", place, { passive: true });
  }

  function attach(found) {
    if (field) field[0].removeEventListener("focus", focusAutofill);
    field = found;
    if (!host) draw();
    place();
    field[0].addEventListener("focus", focusAutofill);
  }

  // Autofill (when on) fills once per page: when the person focuses the field (a trusted focus
  // with the user activation a click or a key gives: a page's own `focus()` has none), or, when
  // the page focused it itself (`autofocus`, `focus()`), at the person's first click or key on
  // the page. Never a field a person cannot see, never with no person involved.
  let autofillArmed = true;
  let autofillSetting = null;

  function autofillSettingOn() {
    autofillSetting ??= ask({ type: "settings" }).then((answer) => answer?.type === "settings" && answer.autofill === true);
    return autofillSetting;
  }

  async function autofill() {
    autofillArmed = false;
    if (await autofillSettingOn()) fill(undefined);
  }

  function focusAutofill(event) {
    if (!event.isTrusted || !autofillArmed || !navigator.userActivation?.isActive) return;
    if (!field || !field.every(visible)) return;
    autofill();
  }

  function interactionAutofill(event) {
    if (!event.isTrusted || !autofillArmed || !field || !host) return;
    if (event.composedPath().includes(host)) return; // the button fills on its own click
    const active = document.activeElement;
    if (!field.includes(active) && !field.includes(event.target)) return;
    if (!navigator.userActivation?.isActive || !field.every(visible)) return;
    autofill();
  }
  addEventListener("pointerdown", interactionAutofill, true);
  addEventListener("keydown", interactionAutofill, true);

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
    if (!boxes.every(visible)) return say("The code field is hidden: nothing filled.");
    say("Asking Twofold…");
    const answer = await ask(id ? { type: "fill", id } : { type: "fill" });
    if (location.href !== requested || boxes !== field || !boxes.every((box) => box.isConnected)) {
      say("The page changed before the code came: nothing filled. Click again.");
      return;
    }
    switch (answer?.type) {
      case "code":
        if (!boxes.every(visible)) return say("The code field is hidden: nothing filled.");
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

  // Whether an account is bound to this frame's site, asked once per address (the worker sends
  // the host the frame's and the tab's URLs as the browser reports them).
  let siteAsked = null;
  let siteBound = null;

  function boundHere() {
    if (siteAsked !== location.href) {
      siteAsked = location.href;
      siteBound = ask({ type: "site" }).then((answer) => answer?.type === "site" && answer.bound === true);
    }
    return siteBound;
  }

  function remove() {
    if (field) field[0].removeEventListener("focus", focusAutofill);
    host?.remove();
    host = field = null;
  }

  async function scan() {
    const found = findField();
    if (!found || !document.body) return remove();
    if (field && found.length === field.length && found.every((box, index) => box === field[index])) return place();
    const address = location.href;
    if (!(await boundHere()) || location.href !== address) return remove();
    const again = findField(); // the page may have changed while the host answered
    if (again) attach(again);
    else remove();
  }

  addEventListener(
    "focusin",
    (event) => {
      const target = event.composedPath()[0];
      if (!event.isTrusted || !couldBeCodeField(target) || target === focused) return;
      focused = target;
      schedule();
    },
    true,
  );

  // The popup's Fill for one account comes through the worker: first asked which frame has a
  // field (the top one first), then sent to that frame by its token.
  api.runtime.onMessage.addListener((message, sender, respond) => {
    if (sender.id !== api.runtime.id) return false;
    if (message?.type === "has_field") {
      if (!field || !host || !field.every(visible)) return false; // another frame may answer
      respond({ token: frameToken });
      return false;
    }
    if (message?.type === "fill_chosen" && message.token === frameToken && field) fill(message.id);
    return false;
  });

  let pending = false;
  function schedule() {
    if (pending) return;
    pending = true;
    requestAnimationFrame(() => {
      pending = false;
      scan();
    });
  }

  new MutationObserver((records) => {
    if (records.every((record) => host && (record.target === host || host.contains(record.target)))) return;
    schedule();
  }).observe(document.documentElement, { childList: true, subtree: true, attributes: true, attributeFilter: ["type", "autocomplete", "maxlength", "style", "class", "hidden"] });
  scan();
})();
