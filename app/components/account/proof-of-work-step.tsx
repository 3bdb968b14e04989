import { useEffect, useRef, useState } from "react";
import { solve } from "#core/accounts/proof-of-work.ts";
import { useHydrated } from "#app/components/search/use-hydrated.ts";
import { useI18n } from "#app/i18n/use-i18n.ts";

export interface PowPuzzle {
  id: string;
  seed: string;
  difficultyBits: number;
}

type Phase = "working" | "done" | "failed";

/**
 * "Checking your browser" (issue 9): after repeated failures from one connection the server asks
 * for a proof of work before it sends another code. The browser solves it with the core's own
 * `solve` (awaiting the browser's SHA-256 each try, so the page stays responsive) and hands the
 * nonce to `onSolved`. Give it `key={puzzle.id}`: a new puzzle starts afresh.
 */
export function ProofOfWorkStep({ puzzle, stuck, onSolved }: { puzzle: PowPuzzle; stuck: boolean; onSolved: (nonce: string) => void }) {
  const { t, later } = useI18n();
  later("auth.proof.unsupported", "auth.proof.failed", "auth.proof.done", "auth.proof.working", "auth.proof.elapsed");
  const hydrated = useHydrated();
  // SHA-256 in the browser exists only on secure pages (https, localhost): without it the check cannot run.
  const supported = hydrated && typeof crypto !== "undefined" && crypto.subtle !== undefined;
  const [phase, setPhase] = useState<Phase>("working");
  const [elapsed, setElapsed] = useState(0);
  const latest = useRef(onSolved);
  useEffect(() => {
    latest.current = onSolved;
  });

  const { seed, difficultyBits } = puzzle;
  useEffect(() => {
    if (!supported) return;
    let cancelled = false;
    const started = Date.now();
    const timer = setInterval(() => setElapsed(Math.floor((Date.now() - started) / 1000)), 1000);
    solve({ seed, difficultyBits }).then(
      (nonce) => {
        if (cancelled) return;
        setPhase("done");
        latest.current(nonce);
      },
      () => {
        if (!cancelled) setPhase("failed");
      },
    );
    return () => {
      cancelled = true;
      clearInterval(timer);
    };
  }, [seed, difficultyBits, supported]);

  let message: string;
  if (!hydrated) message = t("auth.proof.noScript");
  else if (!supported) message = t("auth.proof.unsupported");
  else if (phase === "failed" || stuck) message = t("auth.proof.failed");
  else if (phase === "done") message = t("auth.proof.done");
  else message = t("auth.proof.working");
  const running = supported && phase === "working" && !stuck;

  return (
    <>
      <h2 className="booking-subheading">{t("auth.proof.title")}</h2>
      <p role="status">{message}</p>
      {running ? (
        <div className="auth-proof-progress">
          <progress aria-label={t("auth.proof.title")} />
          <span aria-hidden="true">{t("auth.proof.elapsed", { seconds: elapsed })}</span>
        </div>
      ) : null}
    </>
  );
}
