import { Form, useActionData } from "react-router";
import { pageAction, pageLoader, type PageEditor, type PageEditorAnswer } from "#app/admin/pages.server.ts";
import { adminLinks, adminMeta } from "#app/admin/route-head.ts";
import { AdminScreen } from "#app/components/admin/admin-shell.tsx";
import { ContentArticle } from "#app/components/content/content-article.tsx";
import { adminFieldFor } from "#app/components/admin/form-field.tsx";
import { useI18n } from "#app/i18n/use-i18n.ts";
import { headers as pageHeaders } from "#app/search/page-headers.ts";
import { BLOCK_KINDS, type ContentFieldError } from "#core/content/edit-content-page.ts";
import { directionOf } from "#core/i18n/locales.ts";
import type { MessageKey } from "#core/i18n/messages.ts";
import type { Route } from "./+types/page";

export const headers = pageHeaders;
export const links = adminLinks;
export const meta = adminMeta("admin.pages.editTitle");

export function loader({ request, context, params }: Route.LoaderArgs) {
  return pageLoader(request, context, params);
}

export function action({ request, context, params }: Route.ActionArgs) {
  return pageAction(request, context, params);
}

const ERRORS: Record<ContentFieldError, MessageKey> = {
  REQUIRED: "admin.pages.error.REQUIRED",
  TOO_LONG: "admin.pages.error.TOO_LONG",
  TOO_MANY: "admin.pages.error.TOO_MANY",
  KIND_INVALID: "admin.pages.error.KIND_INVALID",
};
const KINDS: Record<(typeof BLOCK_KINDS)[number], MessageKey> = {
  paragraph: "admin.pages.kind.paragraph",
  heading: "admin.pages.kind.heading",
  list: "admin.pages.kind.list",
  steps: "admin.pages.kind.steps",
};
const LANGUAGE_NAMES: Record<string, MessageKey> = { fa: "admin.pages.lang.fa", en: "admin.pages.lang.en", ar: "admin.pages.lang.ar" };
/** Blank rows after the stored ones, for adding without script. */
const SPARE_ROWS = 2;

const Field = adminFieldFor<ContentFieldError>("page", (error) => ERRORS[error]);

function Editor({ page, csrf }: { page: PageEditor; csrf: string }) {
  const { t } = useI18n();
  const answer = useActionData<PageEditorAnswer>();
  const values = answer?.values ?? page.values;
  const errors = answer?.errors ?? {};
  const dir = directionOf(page.locale);
  const text = { lang: page.locale, dir };
  const blocks = [...values.blocks, ...Array.from({ length: SPARE_ROWS }, () => ({ kind: "paragraph", text: "" }))];
  const questions = [...values.questions, ...Array.from({ length: SPARE_ROWS }, () => ({ question: "", answer: "" }))];
  return (
    <>
      {answer?.preview ? (
        <section className="admin-fieldset" aria-labelledby="page-preview-title">
          <h2 id="page-preview-title">{t("admin.pages.previewTitle")}</h2>
          <div lang={page.locale} dir={dir}>
            <ContentArticle page={answer.preview} />
          </div>
        </section>
      ) : null}
      <Form method="post" className="admin-settings" noValidate>
        <input type="hidden" name="csrf" value={csrf} />
        {Object.keys(errors).length > 0 ? (
          <p className="admin-error" role="alert">
            {t("admin.settings.refused")}
          </p>
        ) : null}
        <fieldset className="admin-settings-body" disabled={!page.canWrite}>
          <fieldset className="admin-fieldset">
            <legend>{t(LANGUAGE_NAMES[page.locale]!)}</legend>
            <Field name="title" label={t("admin.pages.headTitle")} errors={errors}>
              {(props) => <input {...props} {...text} defaultValue={values.title} />}
            </Field>
            <Field name="description" label={t("admin.pages.description")} errors={errors}>
              {(props) => <textarea {...props} {...text} rows={2} defaultValue={values.description} />}
            </Field>
            <Field name="h1" label={t("admin.pages.h1")} errors={errors}>
              {(props) => <input {...props} {...text} defaultValue={values.h1} />}
            </Field>
            <Field name="h2" label={t("admin.pages.h2")} errors={errors}>
              {(props) => <input {...props} {...text} defaultValue={values.h2} />}
            </Field>
          </fieldset>
          <fieldset className="admin-fieldset" aria-describedby="page-blocks-hint">
            <legend>{t("admin.pages.blocks")}</legend>
            <p id="page-blocks-hint" className="admin-hint">
              {t("admin.pages.blocksHint")}
            </p>
            {blocks.map((block, index) => (
              <div key={index} className="admin-part">
                <Field name={`blocks.${index}.kind`} label={`${t("admin.pages.blockKind")} ${index + 1}`} errors={errors}>
                  {(props) => (
                    <select {...props} defaultValue={block.kind}>
                      {BLOCK_KINDS.map((kind) => (
                        <option key={kind} value={kind}>
                          {t(KINDS[kind])}
                        </option>
                      ))}
                    </select>
                  )}
                </Field>
                <Field name={`blocks.${index}.text`} label={`${t("admin.pages.blockText")} ${index + 1}`} errors={errors}>
                  {(props) => <textarea {...props} {...text} rows={4} defaultValue={block.text} />}
                </Field>
              </div>
            ))}
          </fieldset>
          <fieldset className="admin-fieldset">
            <legend>{t("admin.pages.questions")}</legend>
            {questions.map((pair, index) => (
              <div key={index} className="admin-part">
                <Field name={`questions.${index}.question`} label={`${t("admin.pages.question")} ${index + 1}`} errors={errors}>
                  {(props) => <input {...props} {...text} defaultValue={pair.question} />}
                </Field>
                <Field name={`questions.${index}.answer`} label={`${t("admin.pages.answer")} ${index + 1}`} errors={errors}>
                  {(props) => <textarea {...props} {...text} rows={3} defaultValue={pair.answer} />}
                </Field>
              </div>
            ))}
          </fieldset>
        </fieldset>
        {page.canWrite ? (
          <div className="admin-actions">
            <button type="submit" name="intent" value="preview" className="admin-link-button">
              {t("admin.pages.preview")}
            </button>
            <button type="submit" name="intent" value="save" className="admin-button">
              {t("admin.pages.save")}
            </button>
          </div>
        ) : null}
      </Form>
      {page.canWrite && page.source === "tenant" ? (
        <Form method="post" className="admin-actions">
          <input type="hidden" name="csrf" value={csrf} />
          <button type="submit" name="intent" value="revert" className="admin-link-button">
            {t("admin.pages.revert")}
          </button>
        </Form>
      ) : null}
    </>
  );
}

/** `/admin/pages/:slug/:lang`: edit a content page, preview it unsaved, save it or revert to the default. */
export default function AdminPage({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n();
  return (
    <AdminScreen data={loaderData} current="admin-pages" title={t("admin.pages.editTitle")}>
      {(page, frame) => (
        <>
          <p className="admin-intro">
            <bdi dir="ltr">{page.slug}</bdi> · {t(LANGUAGE_NAMES[page.locale]!)} ·{" "}
            {page.source === "tenant" ? t("admin.pages.sourceOwn") : t("admin.pages.sourceDefault")}{" "}
            <a href={page.publicPath}>{t("admin.pages.view")}</a>
          </p>
          {page.notice ? (
            <p className="admin-notice" role="status">
              {t(page.notice === "saved" ? "admin.pages.saved" : "admin.pages.reverted")}
            </p>
          ) : null}
          <Editor page={page} csrf={frame.csrf} />
        </>
      )}
    </AdminScreen>
  );
}
