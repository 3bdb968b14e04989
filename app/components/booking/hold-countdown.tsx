import { useEffect, useRef, useState } from "react";
import { useI18n } from "#app/i18n/use-i18n.ts";
import { INTL_TAG } from "#core/i18n/locales.ts";
import type { MessageKey } from "#core/i18n/messages.ts";

function remainingMs(expiresAt: string, skewMs: number): number {
  return Math.max(0, Date.parse(expiresAt) - (Date.now() + skewMs));
}

function mmss(ms: number): string {
  const seconds = Math.ceil(ms / 1000);
  return `${String(Math.floor(seconds / 60)).padStart(2, "0")}:${String(seconds % 60).padStart(2, "0")}`;
}

/**
 * Time left on the hold, ticking each second. The server's clock decides: the difference between
 * it and the browser's is measured once, so a wrong computer clock does not shorten or lengthen
 * the countdown. Screen readers hear it at 5 minutes and 1 minute, not every second.
 */
export function HoldCountdown({
  expiresAt,
  serverNow,
  onExpire,
  heldNote = "booking.prefactor.heldUntil",
}: {
  expiresAt: string;
  serverNow: string;
  onExpire: () => void;
  /** What is held, in the service's words (a hotel's rooms, not seats), with the `{time}` it ends. */
  heldNote?: MessageKey;
}) {
  const { t, digits, locale } = useI18n();
  const [skew] = useState(() => Date.parse(serverNow) - Date.now());
  const [left, setLeft] = useState(() => Math.max(0, Date.parse(expiresAt) - Date.parse(serverNow)));
  const [announcement, setAnnouncement] = useState("");
  const expired = useRef(false);
  // The latest callback and translator, read by one interval that lives as long as the hold does.
  const latest = useRef({ onExpire, t });
  useEffect(() => {
    latest.current = { onExpire, t };
  });
  useEffect(() => {
    const tick = () => {
      const ms = remainingMs(expiresAt, skew);
      setLeft(ms);
      const minutes = Math.ceil(ms / 60_000);
      if (ms > 0 && (minutes === 5 || minutes === 1) && ms % 60_000 > 59_000)
        setAnnouncement(latest.current.t("booking.prefactor.minutesLeft", { count: minutes }));
      if (ms === 0 && !expired.current) {
        expired.current = true;
        latest.current.onExpire();
      }
    };
    tick();
    const timer = setInterval(tick, 1000);
    return () => clearInterval(timer);
  }, [expiresAt, skew]);
  const until = new Intl.DateTimeFormat(INTL_TAG[locale], {
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
    timeZone: "Asia/Tehran",
  }).format(new Date(expiresAt));
  return (
    <div className="hold-countdown">
      <p className="hold-countdown-label" id="hold-countdown-label">
        {t("booking.prefactor.countdownLabel")}
      </p>
      <p className="hold-countdown-time" role="timer" aria-labelledby="hold-countdown-label" aria-live="off">
        <bdi dir="ltr">{digits(mmss(left))}</bdi>
      </p>
      <p className="hold-countdown-note">{t(heldNote, { time: until })}</p>
      <p className="sr-only" aria-live="polite">
        {announcement}
      </p>
    </div>
  );
}
