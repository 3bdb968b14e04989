import { useEffect, useRef, useState, type RefObject } from "react";
import { Form, Link, useNavigation } from "react-router";
import type { CodeActionData, CodePage } from "#app/account/sign-in.server.ts";
import { aroundPlaceholder, maskMobile, shownName, waitText } from "#app/account/sign-in-text.ts";
import { fieldId } from "#app/components/booking/form-fields.tsx";
import { CsrfField } from "#app/components/csrf-field.tsx";
import { FieldMessage } from "#app/components/search/field-message.tsx";
import { useHydrated } from "#app/components/search/use-hydrated.ts";
import { useI18n } from "#app/i18n/use-i18n.ts";
import { href } from "#app/links.ts";

/** The WebOTP API where the browser has it (Chrome on Android); not in TypeScript's DOM types yet. */
interface OtpCredentialRequest {
  otp: { transport: string[] };
  signal: AbortSignal;
}

/**
 * Offers the code of the SMS that ends with "@this-host #code" (Chrome on Android asks the
 * visitor first) and sends the form with it. Stops when the page goes or the visitor sends a code
 * themselves.
 */
function useWebOtp(form: RefObject<HTMLFormElement | null>, input: RefObject<HTMLInputElement | null>, mobile: string) {
  useEffect(() => {
    const element = form.current;
    if (!element || !("OTPCredential" in window)) return;
    const controller = new AbortController();
    const stop = () => controller.abort();
    element.addEventListener("submit", stop);
    const get = navigator.credentials.get.bind(navigator.credentials) as (request: OtpCredentialRequest) => Promise<unknown>;
    get({ otp: { transport: ["sms"] }, signal: controller.signal }).then(
      (credential) => {
        const code = (credential as { code?: unknown } | null)?.code;
        if (typeof code !== "string" || !input.current) return;
        input.current.value = code;
        element.requestSubmit();
      },
      // Aborted, refused by the visitor, or no SMS came: the code is typed by hand.
      () => {},
    );
    return () => {
      element.removeEventListener("submit", stop);
      controller.abort();
    };
  }, [form, input, mobile]);
}

/** Seconds left before the server sends another code, counting down once the page runs. */
function useCountdown(seconds: number): number {
  const [left, setLeft] = useState(seconds);
  useEffect(() => {
    const end = Date.now() + seconds * 1000;
    const tick = () => setLeft(Math.max(0, Math.ceil((end - Date.now()) / 1000)));
    const timer = setInterval(tick, 1000);
    const first = setTimeout(tick, 0);
    return () => {
      clearInterval(timer);
      clearTimeout(first);
    };
  }, [seconds]);
  return left;
}

const CODE_ERRORS_ON_FIELD = new Set<CodeActionData["error"]>(["FORMAT", "WRONG"]);

/** `/login/index2`: the code from the SMS, a way back to change the number, and a new code after a minute. */
export function CodeScreen({ page, result }: { page: CodePage; result: CodeActionData | null }) {
  const { t, locale, later } = useI18n();
  later("auth.code.resendIn");
  const navigation = useNavigation();
  const hydrated = useHydrated();
  const formRef = useRef<HTMLFormElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const alertRef = useRef<HTMLDivElement>(null);
  const left = useCountdown(page.resendInSeconds);
  const busy = navigation.state !== "idle";
  useWebOtp(formRef, inputRef, page.mobile);

  // The code field on arrival; after a refusal, the field or the message that says what to do.
  useEffect(() => {
    if (result && !CODE_ERRORS_ON_FIELD.has(result.error)) alertRef.current?.focus();
    else inputRef.current?.focus();
  }, [result]);

  const id = fieldId("code");
  let fieldError: string | null = null;
  let alert: string | null = null;
  if (result?.error === "FORMAT") fieldError = t("auth.code.error.FORMAT");
  else if (result?.error === "WRONG") fieldError = t("auth.code.error.WRONG", { count: result.triesLeft ?? 0 });
  else if (result?.error === "MOBILE_INVALID") alert = t("booking.error.MOBILE_INVALID");
  else if (result) alert = t(`auth.code.error.${result.error}`);

  const [before, after] = aroundPlaceholder((marker) => t("auth.code.sent", { mobile: marker }));
  const back = page.mode === "register" ? "register" : "login";
  const changeQuery = new URLSearchParams({ mobile: page.mobile });
  if (page.next) changeQuery.set("next", page.next);
  const carried = (
    <>
      <CsrfField token={page.csrf} />
      <input type="hidden" name="mobile" value={page.mobile} />
      <input type="hidden" name="next" value={page.next} />
      <input type="hidden" name="firstName" value={page.firstName} />
      <input type="hidden" name="lastName" value={page.lastName} />
    </>
  );
  const waiting = hydrated && left > 0;

  return (
    <div className="auth-page">
      <h1 className="booking-heading">{t("auth.code.title")}</h1>
      {page.resent && !result ? (
        <p className="booking-alert booking-alert-success" role="status">
          {t("auth.code.resent")}
        </p>
      ) : null}
      {alert ? (
        <div className="booking-alert" role="alert" tabIndex={-1} ref={alertRef}>
          {alert}
        </div>
      ) : null}
      <Form method="post" className="auth-card" ref={formRef} noValidate>
        {carried}
        <p id="code-sent" className="booking-note">
          {before}
          <bdi dir="ltr" className="auth-mobile">
            {shownName(locale, maskMobile(page.mobile))}
          </bdi>
          {after}
        </p>
        <div className={`booking-field${fieldError ? " booking-field-invalid" : ""}`}>
          <label htmlFor={id} className="booking-label">
            {t("auth.code.label")}
          </label>
          <input
            ref={inputRef}
            id={id}
            name="code"
            type="text"
            className="auth-code-input"
            inputMode="numeric"
            autoComplete="one-time-code"
            dir="ltr"
            maxLength={12}
            aria-required
            aria-invalid={fieldError ? true : undefined}
            aria-describedby={fieldError ? `code-sent ${id}-error` : "code-sent"}
          />
          <FieldMessage id={`${id}-error`} message={fieldError} />
        </div>
        <button type="submit" className="booking-submit" disabled={busy}>
          {t("auth.code.submit")}
        </button>
      </Form>
      <div className="auth-links">
        <Link to={`${href(locale, back)}?${changeQuery}`}>{t("auth.code.change")}</Link>
        {/* A new code is asked for where the first one was, with the same number and name. */}
        <Form method="post" action={href(locale, back)} className="auth-resend">
          {carried}
          <input type="hidden" name="resend" value="1" />
          <button type="submit" className="booking-secondary" disabled={waiting || busy}>
            {waiting ? t("auth.code.resendIn", { time: waitText(locale, left) }) : t("auth.code.resend")}
          </button>
        </Form>
      </div>
      {hydrated ? null : <p className="booking-hint">{t("auth.code.resendHint")}</p>}
    </div>
  );
}
