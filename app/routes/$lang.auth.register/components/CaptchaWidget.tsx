/**
 * The ALTCHA proof-of-work widget, loaded only on the registration page and only in the
 * browser (a dynamic import after hydration). It is the CSP-friendly build
 * (`altcha/external`: no inline styles or blob: workers); its stylesheet is linked by the
 * route, and its SHA worker comes from the console's own origin. The widget adds the
 * `altcha` field (the solved payload) to the form it sits in.
 *
 * When it cannot load or fails (no Web Crypto, an old browser), the page falls back to the
 * question that works without JavaScript.
 */
import type { AltchaWidgetElement } from "altcha/external";
import { useEffect, useRef } from "react";

export interface CaptchaWidgetProps {
  challengeUrl: string;
  workerUrl: string;
  /** The key of the strings below in ALTCHA's registry (lower case, e.g. `en-au`). */
  language: string;
  strings: Record<string, string>;
  /** The id of the error message next to the widget, when there is one. */
  errorId?: string;
  /** A new value resets the widget (its payload was spent or refused). */
  resetSignal?: unknown;
  onReady: () => void;
  onFailed: () => void;
  onVerified: () => void;
}

export function CaptchaWidget({
  challengeUrl,
  workerUrl,
  language,
  strings,
  errorId,
  resetSignal,
  onReady,
  onFailed,
  onVerified,
}: CaptchaWidgetProps) {
  const container = useRef<HTMLDivElement>(null);
  const widget = useRef<AltchaWidgetElement | null>(null);
  const callbacks = useRef({ onReady, onFailed, onVerified });
  callbacks.current = { onReady, onFailed, onVerified };

  useEffect(() => {
    let cancelled = false;
    let element: AltchaWidgetElement | undefined;
    const onState = (event: Event) => {
      const state = (event as CustomEvent<{ state?: string }>).detail?.state;
      if (state === "verified") callbacks.current.onVerified();
      if (state === "error") callbacks.current.onFailed();
    };
    import("altcha/external")
      .then(() => {
        if (cancelled || !container.current) return;
        const registry = globalThis.$altcha;
        registry.algorithms.set("SHA-256", () => new Worker(workerUrl));
        registry.i18n.set(language, strings);
        element = document.createElement("altcha-widget");
        element.setAttribute("challenge", challengeUrl);
        element.setAttribute("name", "altcha");
        element.setAttribute("language", language);
        element.setAttribute(
          "configuration",
          JSON.stringify({
            hideLogo: true,
            hideFooter: true,
            humanInteractionSignature: false,
            workers: Math.max(1, Math.min(4, navigator.hardwareConcurrency || 2)),
          }),
        );
        element.addEventListener("statechange", onState);
        container.current.append(element);
        widget.current = element;
        callbacks.current.onReady();
      })
      .catch(() => {
        if (!cancelled) callbacks.current.onFailed();
      });
    return () => {
      cancelled = true;
      element?.removeEventListener("statechange", onState);
      element?.remove();
      widget.current = null;
    };
  }, [challengeUrl, workerUrl, language, strings]);

  // Its checkbox is the widget's own: point it at our error message.
  useEffect(() => {
    const checkbox = container.current?.querySelector<HTMLInputElement>("input[type='checkbox']");
    if (!checkbox) return;
    if (errorId) {
      checkbox.setAttribute("aria-invalid", "true");
      checkbox.setAttribute("aria-describedby", errorId);
    } else {
      checkbox.removeAttribute("aria-invalid");
      checkbox.removeAttribute("aria-describedby");
    }
  });

  useEffect(() => {
    if (resetSignal) widget.current?.reset();
  }, [resetSignal]);

  return <div ref={container} />;
}
