import { useEffect, useRef } from "react";
import { Form, Link, useLocation } from "react-router";
import type { MessageKey } from "#core/i18n/messages.ts";
import { readableDate } from "#core/search/dates.ts";
import { CsrfField } from "#app/components/csrf-field.tsx";
import { fieldId, SelectField } from "#app/components/booking/form-fields.tsx";
import { withParams } from "#app/components/flights/result-parts.tsx";
import { FieldMessage } from "#app/components/search/field-message.tsx";
import { useI18n } from "#app/i18n/use-i18n.ts";
import { href } from "#app/links.ts";
import { COMMENT_MAX_LENGTH, COMMENT_MIN_LENGTH, type CommentError, type CommentRefusal, type HotelPageData } from "./page-data.ts";

const ERROR_MESSAGE: Record<CommentError, MessageKey> = {
  SCORE_INVALID: "hotelPage.comments.error.SCORE_INVALID",
  TEXT_TOO_SHORT: "hotelPage.comments.error.TEXT_TOO_SHORT",
  TEXT_TOO_LONG: "hotelPage.comments.error.TEXT_TOO_LONG",
  NOT_STAYED: "hotelPage.comments.error.NOT_STAYED",
  ALREADY_COMMENTED: "hotelPage.comments.error.ALREADY_COMMENTED",
  UNAVAILABLE: "hotelPage.comments.error.UNAVAILABLE",
};

const SCORES = Array.from({ length: 10 }, (_, index) => 10 - index);

/** The comment form of a signed-in traveller; the server's refusal shows on its field, the rest above the button. */
function CommentForm({ csrf, refusal }: { csrf: string; refusal: CommentRefusal | null }) {
  const { t, number } = useI18n();
  const error = (field: "score" | "text" | "form") => {
    const code = refusal?.errors[field];
    return code ? t(ERROR_MESSAGE[code], { min: COMMENT_MIN_LENGTH, max: COMMENT_MAX_LENGTH }) : null;
  };
  const textId = fieldId("text");
  const textError = error("text");
  const formError = error("form");
  const formRef = useRef<HTMLFormElement>(null);
  // A refusal sent back to the page (with JavaScript) moves focus to the first field it names.
  useEffect(() => {
    if (!refusal) return;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"], [role="alert"]')?.focus();
  }, [refusal]);
  return (
    <Form ref={formRef} method="post" className="hotel-comment-form" aria-labelledby="hotel-comment-form-heading" preventScrollReset>
      <h3 id="hotel-comment-form-heading" className="hotel-subtitle">
        {t("hotelPage.comments.formHeading")}
      </h3>
      <CsrfField token={csrf} />
      <SelectField name="score" label={t("hotelPage.comments.score")} value={refusal?.values.score} error={error("score")} required>
        <option value="">{t("hotelPage.comments.scoreChoose")}</option>
        {SCORES.map((score) => (
          <option key={score} value={score}>
            {number(score)}
          </option>
        ))}
      </SelectField>
      <div className={`booking-field${textError ? " booking-field-invalid" : ""}`}>
        <label htmlFor={textId} className="booking-label">
          {t("hotelPage.comments.text")}
          <span aria-hidden="true"> *</span>
        </label>
        <textarea
          id={textId}
          name="text"
          rows={5}
          defaultValue={refusal?.values.text ?? ""}
          maxLength={COMMENT_MAX_LENGTH}
          aria-required="true"
          aria-invalid={textError ? true : undefined}
          aria-describedby={[`${textId}-hint`, textError ? `${textId}-error` : null].filter(Boolean).join(" ")}
        />
        <p id={`${textId}-hint`} className="booking-hint">
          {t("hotelPage.comments.textHint", { min: COMMENT_MIN_LENGTH, max: COMMENT_MAX_LENGTH })}
        </p>
        <FieldMessage id={`${textId}-error`} message={textError} />
      </div>
      {formError ? (
        <p className="field-error hotel-comment-refused" role="alert" tabIndex={-1}>
          {formError}
        </p>
      ) : null}
      <button type="submit" className="hotel-button">
        {t("hotelPage.comments.submit")}
      </button>
    </Form>
  );
}

/** Guests' comments, a page at a time (`?comments=n`, working without JavaScript), and how to add one. */
export function HotelComments({ page, refusal }: { page: HotelPageData; refusal: CommentRefusal | null }) {
  const { t, locale, number, digits } = useI18n();
  const { pathname, search } = useLocation();
  const comments = page.comments;
  const pageLink = (target: number) => withParams(search, { comments: target === 1 ? null : String(target), commented: null });
  return (
    <section id="comments" className="hotel-section hotel-comments" aria-labelledby="hotel-comments-heading" tabIndex={-1}>
      <h2 id="hotel-comments-heading" className="hotel-section-title">
        {t("hotelPage.comments.heading")}
      </h2>
      {page.commented ? (
        <p className="hotel-notice" role="status">
          {t("hotelPage.comments.added")}
        </p>
      ) : null}
      {comments === null ? (
        <p>{t("hotelPage.comments.unavailable")}</p>
      ) : comments.total === 0 ? (
        <p>{t("hotelPage.comments.none")}</p>
      ) : (
        <>
          <ol className="hotel-comment-list">
            {comments.list.map((comment) => (
              <li key={comment.id} className="hotel-comment">
                <p className="hotel-comment-head">
                  {/* A guest without a name shows as their masked mobile: isolated, in the page's digits. */}
                  <bdi className="hotel-comment-author">{digits(comment.author)}</bdi>
                  <span className="hotel-comment-score">{t("hotelPage.comments.scoreOf", { score: number(comment.score) })}</span>
                  <time dateTime={comment.createdAt}>{readableDate(comment.createdAt.slice(0, 10), locale, page.calendar)}</time>
                </p>
                <p className="hotel-comment-text">{comment.text}</p>
              </li>
            ))}
          </ol>
          {comments.pages > 1 ? (
            <nav className="hotel-pages" aria-label={t("hotelPage.comments.pages")}>
              {comments.page > 1 ? (
                <Link to={`${pathname}${pageLink(comments.page - 1)}#comments`} preventScrollReset>
                  {t("hotelPage.comments.newer")}
                </Link>
              ) : null}
              <span>{t("hotelPage.comments.pageOf", { page: number(comments.page), pages: number(comments.pages) })}</span>
              {comments.page < comments.pages ? (
                <Link to={`${pathname}${pageLink(comments.page + 1)}#comments`} preventScrollReset>
                  {t("hotelPage.comments.older")}
                </Link>
              ) : null}
            </nav>
          ) : null}
        </>
      )}
      {page.csrf ? (
        <CommentForm csrf={page.csrf} refusal={refusal} />
      ) : (
        <p className="hotel-comment-guest">
          <a href={`${href(locale, "login")}?next=${encodeURIComponent(`${pathname}${search}`)}`}>{t("hotelPage.comments.signIn")}</a>
        </p>
      )}
    </section>
  );
}
