import { useCallback, useEffect, useRef, useState, type FormEvent } from "react";
import { Form, Link, useNavigation, useSubmit } from "react-router";
import type { SignInActionData, SignInPage } from "#app/account/sign-in.server.ts";
import { waitText } from "#app/account/sign-in-text.ts";
import { fieldId, TextField } from "#app/components/booking/form-fields.tsx";
import { CsrfField } from "#app/components/csrf-field.tsx";
import { useI18n } from "#app/i18n/use-i18n.ts";
import { href } from "#app/links.ts";
import { ProofOfWorkStep } from "./proof-of-work-step.tsx";

/** Google's reCAPTCHA v3 as its script defines it (only what is used here). */
interface Grecaptcha {
  ready(callback: () => void): void;
  execute(siteKey: string, options: { action: string }): Promise<string>;
}

/** After this many automatic re-submits that were asked for another proof, stop and let the visitor press the button. */
const MAX_AUTO_SUBMITS = 3;

/**
 * `/login` and `/register`: the mobile number (and, to register, an optional Persian name), then
 * a code by SMS. The form posts without JavaScript too; the proof-of-work step and reCAPTCHA are
 * the only parts that need it, and say so.
 */
export function SignInScreen({ page, result }: { page: SignInPage; result: SignInActionData | null }) {
  const { t, locale } = useI18n();
  const navigation = useNavigation();
  const submit = useSubmit();
  const formRef = useRef<HTMLFormElement>(null);
  const alertRef = useRef<HTMLDivElement>(null);
  const autoSubmits = useRef(0);
  const [stuck, setStuck] = useState(false);
  const register = page.mode === "register";
  const busy = navigation.state !== "idle";

  // The first thing to fix gets the focus: a field, else the message.
  useEffect(() => {
    if (!result) return;
    const field = (["mobile", "firstName", "lastName"] as const).find((name) => result.fields[name]);
    if (field) document.getElementById(fieldId(field))?.focus();
    else alertRef.current?.focus();
  }, [result]);

  const send = useCallback(
    (extra: Record<string, string>) => {
      const form = formRef.current;
      if (!form) return;
      const body = new FormData(form);
      for (const [name, value] of Object.entries(extra)) body.set(name, value);
      submit(body, { method: "post" }).catch((error: unknown) => {
        // A newer navigation took over (the visitor pressed the button meanwhile): nothing was lost.
        if (!(error instanceof DOMException && error.name === "AbortError")) throw error;
      });
    },
    [submit],
  );

  const onSolved = useCallback(
    (nonce: string) => {
      if (!result?.challenge) return;
      if (autoSubmits.current >= MAX_AUTO_SUBMITS) {
        setStuck(true);
        return;
      }
      autoSubmits.current += 1;
      send({ powChallengeId: result.challenge.id, powNonce: nonce });
    },
    [result, send],
  );

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    // A press of the button is the visitor's own try: automatic re-submits count from zero again.
    autoSubmits.current = 0;
    setStuck(false);
    const siteKey = page.recaptchaSiteKey;
    const grecaptcha = (window as { grecaptcha?: Grecaptcha }).grecaptcha;
    // Without Google's script (blocked, not loaded yet) the form goes as it is; the server then says what to do.
    if (!siteKey || !grecaptcha) return;
    event.preventDefault();
    grecaptcha.ready(() => {
      grecaptcha.execute(siteKey, { action: "login" }).then(
        (token) => send({ recaptchaToken: token }),
        () => send({}),
      );
    });
  };

  const fieldError = (name: "mobile" | "firstName" | "lastName") => {
    const error = result?.fields[name];
    if (error === "MOBILE_INVALID") return t("booking.error.MOBILE_INVALID");
    if (error === "PERSIAN_ONLY") return t("booking.error.PERSIAN_ONLY");
    return null;
  };

  let alert: string | null = null;
  if (result?.error === "WAIT" || result?.error === "LIMITED")
    alert = t(`auth.error.${result.error}`, { time: waitText(locale, result.retryAfterSeconds ?? 60) });
  else if (result?.error === "SEND_FAILED" || result?.error === "PROOF_FAILED") alert = t(`auth.error.${result.error}`);
  const puzzle = result?.error === "PROOF_REQUIRED" ? result.challenge : null;
  const query = page.next ? `?${new URLSearchParams({ next: page.next })}` : "";

  return (
    <div className="auth-page">
      {page.recaptchaSiteKey ? (
        <script src={`https://www.google.com/recaptcha/api.js?render=${encodeURIComponent(page.recaptchaSiteKey)}`} async />
      ) : null}
      <h1 className="booking-heading">{t(register ? "auth.register.title" : "auth.login.title")}</h1>
      <p className="booking-note">{t(register ? "auth.register.intro" : "auth.login.intro")}</p>
      {alert ? (
        <div className="booking-alert" role="alert" tabIndex={-1} ref={alertRef}>
          {alert}
        </div>
      ) : null}
      {puzzle ? (
        <section className="booking-alert booking-alert-info auth-proof" tabIndex={-1} ref={alertRef} aria-label={t("auth.proof.title")}>
          <ProofOfWorkStep key={puzzle.id} puzzle={puzzle} stuck={stuck} onSolved={onSolved} />
        </section>
      ) : null}
      <Form method="post" className="auth-card" ref={formRef} onSubmit={onSubmit} noValidate>
        <CsrfField token={page.csrf} />
        <input type="hidden" name="next" value={page.next} />
        <TextField
          name="mobile"
          label={t("booking.field.mobile")}
          value={result?.values.mobile ?? page.mobile}
          error={fieldError("mobile")}
          hint={t("auth.mobile.hint")}
          inputMode="tel"
          autoComplete="tel"
          dir="ltr"
          maxLength={20}
          required
        />
        {register ? (
          <fieldset className="auth-names">
            <legend className="booking-hint">{t("auth.register.namesHint")}</legend>
            <div className="booking-grid">
              <TextField
                name="firstName"
                label={t("booking.field.firstName")}
                value={result?.values.firstName}
                error={fieldError("firstName")}
                autoComplete="given-name"
                lang="fa"
                dir="rtl"
                maxLength={50}
              />
              <TextField
                name="lastName"
                label={t("booking.field.lastName")}
                value={result?.values.lastName}
                error={fieldError("lastName")}
                autoComplete="family-name"
                lang="fa"
                dir="rtl"
                maxLength={50}
              />
            </div>
          </fieldset>
        ) : null}
        <button type="submit" className="booking-submit" disabled={busy}>
          {t("auth.login.submit")}
        </button>
      </Form>
      <p className="auth-switch">
        <Link to={`${href(locale, register ? "login" : "register")}${query}`}>
          {t(register ? "auth.register.toLogin" : "auth.login.toRegister")}
        </Link>
      </p>
    </div>
  );
}
