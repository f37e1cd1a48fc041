/**
 * The captcha of every public form (registration, forgot and reset password, contact). With reCAPTCHA keys on
 * the server it renders Google's widget; otherwise a plainly labelled development checkbox whose token the
 * server accepts only while no keys are configured. The token is reported through `onChange` ('' when none).
 */
import { useEffect, useId, useRef, useState } from "react";
import { type CaptchaConfig, publicConfig } from "../lib/public-config.ts";

export const DEV_CAPTCHA_TOKEN = "dev-captcha-ok";
export const CAPTCHA_MESSAGES = {
  required: "Recaptcha is required",
  network: "Recaptcha network error",
  expired: "Recaptcha value expired",
} as const;

export interface CaptchaFieldProps {
  value: string;
  onChange(token: string): void;
  /** A validation message for the field (e.g. 'Recaptcha is required'). */
  error?: string;
}

export function CaptchaField({ value, onChange, error }: CaptchaFieldProps) {
  const [config, setConfig] = useState<CaptchaConfig | null>(null);
  const [loadError, setLoadError] = useState<string | undefined>();
  useEffect(() => {
    publicConfig().then((c) => setConfig(c.captcha), () => setLoadError(CAPTCHA_MESSAGES.network));
  }, []);
  const id = useId();
  const shown = error ?? loadError;
  const errorId = `${id}-error`;

  return (
    <div className={["field", "captcha-field", shown && "field-invalid"].filter(Boolean).join(" ")}>
      {config?.provider === "recaptcha"
        ? (
          <Recaptcha
            siteKey={config.site_key}
            onChange={onChange}
            onError={setLoadError}
            describedBy={shown ? errorId : undefined}
          />
        )
        : config?.provider === "development"
        ? (
          <label className="captcha-dev" htmlFor={id}>
            <input
              id={id}
              type="checkbox"
              name="recaptcha"
              checked={value === DEV_CAPTCHA_TOKEN}
              onChange={(e) => onChange(e.currentTarget.checked ? DEV_CAPTCHA_TOKEN : "")}
              aria-invalid={shown ? true : undefined}
              aria-describedby={shown ? errorId : undefined}
            />
            I'm not a robot (development)
          </label>
        )
        : !loadError && <p className="field-hint">Loading the captcha…</p>}
      {shown && <p id={errorId} className="field-error">{shown}</p>}
    </div>
  );
}

interface GreCaptcha {
  render(el: HTMLElement, options: Record<string, unknown>): number;
}

let script: Promise<GreCaptcha> | undefined;

function loadRecaptcha(): Promise<GreCaptcha> {
  script ??= new Promise<GreCaptcha>((resolve, reject) => {
    const callback = "__apcaRecaptchaLoaded";
    (globalThis as Record<string, unknown>)[callback] = () =>
      resolve((globalThis as unknown as { grecaptcha: GreCaptcha }).grecaptcha);
    const tag = document.createElement("script");
    tag.src = `https://www.google.com/recaptcha/api.js?onload=${callback}&render=explicit`;
    tag.async = true;
    tag.onerror = () => {
      script = undefined;
      reject(new Error(CAPTCHA_MESSAGES.network));
    };
    document.head.append(tag);
  });
  return script;
}

function Recaptcha(
  { siteKey, onChange, onError, describedBy }: {
    siteKey: string;
    onChange(token: string): void;
    onError(message: string | undefined): void;
    describedBy?: string;
  },
) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    let cancelled = false;
    loadRecaptcha().then((grecaptcha) => {
      if (cancelled || !box.current) return;
      grecaptcha.render(box.current, {
        sitekey: siteKey,
        callback: (token: string) => {
          onError(undefined);
          onChange(token);
        },
        "expired-callback": () => {
          onChange("");
          onError(CAPTCHA_MESSAGES.expired);
        },
        "error-callback": () => {
          onChange("");
          onError(CAPTCHA_MESSAGES.network);
        },
      });
    }, () => onError(CAPTCHA_MESSAGES.network));
    return () => {
      cancelled = true;
    };
  }, [siteKey]);
  return <div ref={box} aria-describedby={describedBy} />;
}
