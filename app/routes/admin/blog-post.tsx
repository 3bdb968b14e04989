import { useState } from "react";
import { Form, Link, useActionData } from "react-router";
import {
  blogPostAction,
  blogPostLoader,
  type BlogFormAnswer,
  type BlogFormError,
  type BlogFormValues,
  type BlogPostPage,
} from "#app/admin/blog.server.ts";
import { adminLinks, adminMeta } from "#app/admin/route-head.ts";
import { AdminScreen } from "#app/components/admin/admin-shell.tsx";
import { adminFieldFor } from "#app/components/admin/form-field.tsx";
import { useI18n } from "#app/i18n/use-i18n.ts";
import { href } from "#app/links.ts";
import { slugify, LIMITS } from "#core/blog/rules.ts";
import type { Route } from "./+types/blog-post";
import { headers as pageHeaders } from "#app/search/page-headers.ts";
import blogStyles from "#app/styles/admin-blog.css?url";

export const headers = pageHeaders;

export const links = () => [...adminLinks(), { rel: "stylesheet", href: blogStyles }];

export function loader({ request, context, params }: Route.LoaderArgs) {
  return blogPostLoader(request, context, params.id);
}

export function action({ request, context, params }: Route.ActionArgs) {
  return blogPostAction(request, context, params.id);
}

export const meta = adminMeta("adminBlog.edit.title");

/** Rows of related links the form shows beyond the post's own. */
const SPARE_LINK_ROWS = 2;

const Field = adminFieldFor<BlogFormError>("blog", (error) => `blog.error.${error}`);

function PostForm({ page, csrf }: { page: BlogPostPage; csrf: string }) {
  const { t, number } = useI18n();
  const answer = useActionData<BlogFormAnswer>();
  const values: BlogFormValues = answer?.values ?? page.values;
  const errors: Record<string, BlogFormError> = { ...(answer?.errors ?? {}) };
  if (!answer && page.coverError) errors.cover = page.coverError;
  // The slug follows the title until the editor types one of their own (or the post already has one).
  const [slug, setSlug] = useState({ value: values.slug, own: values.slug !== "" });
  const [status, setStatus] = useState(values.status);
  const textDir = (locale: string) => (locale === "en" ? "ltr" : "rtl");
  const [lang, setLang] = useState(values.locale);
  const linkRows = Math.min(LIMITS.links, values.links.length + SPARE_LINK_ROWS);
  const disabled = !page.canWrite;
  const refused = Object.keys(errors).length > 0;
  return (
    <Form method="post" encType="multipart/form-data" className="admin-blog-form" noValidate>
      <input type="hidden" name="csrf" value={csrf} />
      {refused ? (
        <p className="admin-error" role="alert">
          {t("adminBlog.refused")}
        </p>
      ) : null}
      <fieldset className="admin-settings-body" disabled={disabled}>
        <fieldset className="admin-fieldset">
          <legend>{t("adminBlog.part.text")}</legend>
          <Field name="locale" label={t("adminBlog.field.locale")} errors={errors}>
            {(props) => (
              <select {...props} name="locale" value={lang} onChange={(event) => setLang(event.target.value)}>
                {page.locales.map((code) => (
                  <option key={code} value={code}>
                    {t(`admin.settings.lang.${code}`)}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field name="title" label={t("adminBlog.field.title")} errors={errors} wide>
            {(props) => (
              <input
                {...props}
                name="title"
                lang={lang}
                dir={textDir(lang)}
                maxLength={LIMITS.title}
                defaultValue={values.title}
                onChange={(event) => {
                  if (!slug.own) setSlug({ value: slugify(event.target.value), own: false });
                }}
              />
            )}
          </Field>
          <Field name="slug" label={t("adminBlog.field.slug")} hint={t("adminBlog.hint.slug")} errors={errors} wide>
            {(props) => (
              <input
                {...props}
                name="slug"
                dir="auto"
                maxLength={LIMITS.slug}
                value={slug.value}
                onChange={(event) => setSlug({ value: event.target.value, own: event.target.value !== "" })}
              />
            )}
          </Field>
          <Field name="summary" label={t("adminBlog.field.summary")} errors={errors} wide>
            {(props) => (
              <textarea
                {...props}
                name="summary"
                rows={3}
                lang={lang}
                dir={textDir(lang)}
                maxLength={LIMITS.summary}
                defaultValue={values.summary}
              />
            )}
          </Field>
          <Field name="bodyMarkdown" label={t("adminBlog.field.body")} hint={t("adminBlog.hint.body")} errors={errors} wide>
            {(props) => (
              <textarea {...props} name="bodyMarkdown" rows={16} lang={lang} dir={textDir(lang)} defaultValue={values.bodyMarkdown} />
            )}
          </Field>
          <Field name="authorName" label={t("adminBlog.field.author")} errors={errors}>
            {(props) => (
              <input {...props} name="authorName" lang={lang} dir="auto" maxLength={LIMITS.author} defaultValue={values.authorName} />
            )}
          </Field>
          <Field
            name="translationKey"
            label={t("adminBlog.field.translationKey")}
            hint={t("adminBlog.hint.translationKey")}
            errors={errors}
          >
            {(props) => (
              <input {...props} name="translationKey" dir="ltr" maxLength={LIMITS.translationKey} defaultValue={values.translationKey} />
            )}
          </Field>
        </fieldset>
        <fieldset className="admin-fieldset">
          <legend>{t("adminBlog.part.labels")}</legend>
          <Field
            name="categories"
            label={t("adminBlog.field.categories")}
            hint={t("adminBlog.hint.labels", { max: number(LIMITS.categories) })}
            errors={errors}
          >
            {(props) => <textarea {...props} name="categories" rows={3} dir="auto" defaultValue={values.categories} />}
          </Field>
          <Field
            name="tags"
            label={t("adminBlog.field.tags")}
            hint={t("adminBlog.hint.labels", { max: number(LIMITS.tags) })}
            errors={errors}
          >
            {(props) => <textarea {...props} name="tags" rows={3} dir="auto" defaultValue={values.tags} />}
          </Field>
        </fieldset>
        <fieldset className="admin-fieldset" aria-describedby={errors.relatedLinks ? "blog-relatedLinks-error" : "blog-links-hint"}>
          <legend>{t("adminBlog.part.links")}</legend>
          <p id="blog-links-hint" className="admin-hint admin-field-wide">
            {t("adminBlog.hint.links")}
          </p>
          {Array.from({ length: linkRows }, (_, index) => (
            <div key={index} className="admin-field-wide admin-fieldset">
              <Field name={`relatedLinks.${index}.label`} label={t("adminBlog.field.linkLabel", { n: number(index + 1) })} errors={errors}>
                {(props) => (
                  <input
                    {...props}
                    name={`relatedLinks.${index}.label`}
                    dir="auto"
                    maxLength={LIMITS.linkLabel}
                    defaultValue={values.links[index]?.label ?? ""}
                  />
                )}
              </Field>
              <Field name={`relatedLinks.${index}.path`} label={t("adminBlog.field.linkPath", { n: number(index + 1) })} errors={errors}>
                {(props) => (
                  <input
                    {...props}
                    name={`relatedLinks.${index}.path`}
                    dir="ltr"
                    placeholder="/tour/kish"
                    maxLength={LIMITS.linkPath}
                    defaultValue={values.links[index]?.path ?? ""}
                  />
                )}
              </Field>
            </div>
          ))}
          {errors.relatedLinks ? (
            <p id="blog-relatedLinks-error" className="admin-error">
              {t(`blog.error.${errors.relatedLinks}`)}
            </p>
          ) : null}
        </fieldset>
        <fieldset className="admin-fieldset">
          <legend>{t("adminBlog.part.cover")}</legend>
          {page.cover ? (
            <img
              className="admin-blog-cover admin-field-wide"
              src={page.cover.src}
              width={page.cover.width}
              height={page.cover.height}
              alt={values.coverAlt}
            />
          ) : null}
          <Field
            name="cover"
            label={t("adminBlog.field.cover")}
            hint={t("adminBlog.hint.cover", { size: number(page.coverLimits.megabytes), width: number(page.coverLimits.minWidth) })}
            errors={errors}
          >
            {(props) => <input {...props} name="cover" type="file" accept="image/jpeg,image/png,image/webp" />}
          </Field>
          <Field name="coverAlt" label={t("adminBlog.field.coverAlt")} errors={errors}>
            {(props) => (
              <input {...props} name="coverAlt" lang={lang} dir="auto" maxLength={LIMITS.coverAlt} defaultValue={values.coverAlt} />
            )}
          </Field>
        </fieldset>
        <fieldset className="admin-fieldset">
          <legend>{t("adminBlog.part.status")}</legend>
          <Field name="status" label={t("adminBlog.field.status")} errors={errors}>
            {(props) => (
              <select {...props} name="status" value={status} onChange={(event) => setStatus(event.target.value)}>
                {page.statuses.map((code) => (
                  <option key={code} value={code}>
                    {t(`adminBlog.status.${code}`)}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field
            name="publishedAt"
            label={t("adminBlog.field.publishDate")}
            hint={t("adminBlog.hint.publishDate", { example: page.dateExample })}
            errors={errors}
          >
            {(props) => <input {...props} name="publishDate" dir="ltr" inputMode="numeric" defaultValue={values.publishDate} />}
          </Field>
          <Field name="publishTime" label={t("adminBlog.field.publishTime")} hint={t("adminBlog.hint.publishTime")} errors={errors}>
            {(props) => (
              <input {...props} name="publishTime" dir="ltr" inputMode="numeric" placeholder="09:30" defaultValue={values.publishTime} />
            )}
          </Field>
        </fieldset>
      </fieldset>
      {/* Beside the buttons, where the editor asked for it; the text above stays as typed. */}
      {answer?.preview ? (
        <section
          className="admin-blog-preview"
          aria-labelledby="blog-preview-title"
          lang={answer.preview.locale}
          dir={textDir(answer.preview.locale)}
        >
          <h2 id="blog-preview-title">{t("adminBlog.preview.title")}</h2>
          <h3 className="admin-blog-preview-title">{answer.preview.title}</h3>
          <p>{answer.preview.summary}</p>
          <div className="blog-body" dangerouslySetInnerHTML={{ __html: answer.preview.html }} />
        </section>
      ) : null}
      {page.canWrite ? (
        <div className="admin-actions">
          <button type="submit" name="intent" value="save" className="admin-button">
            {t("adminBlog.save")}
          </button>
          <button type="submit" name="intent" value="preview" className="admin-button-quiet">
            {t("adminBlog.preview.button")}
          </button>
        </div>
      ) : null}
    </Form>
  );
}

/** Publish and unpublish: their own small forms, outside the editing form so they never save its fields. */
function StatusActions({ page, csrf }: { page: BlogPostPage; csrf: string }) {
  const { t } = useI18n();
  if (!page.id || !page.status) return null;
  return (
    <div className="admin-blog-status">
      <span>
        {t("adminBlog.field.status")}: <strong data-status={page.status}>{t(`adminBlog.status.${page.status}`)}</strong>
      </span>
      {page.publicPath ? <a href={page.publicPath}>{t("adminBlog.viewPublic")}</a> : null}
      {page.canWrite ? (
        <Form method="post" encType="multipart/form-data" className="admin-inline-form">
          <input type="hidden" name="csrf" value={csrf} />
          {page.status === "published" ? (
            <button type="submit" name="intent" value="unpublish" className="admin-button-quiet">
              {t("adminBlog.unpublish")}
            </button>
          ) : (
            <button type="submit" name="intent" value="publish" className="admin-button">
              {t("adminBlog.publish")}
            </button>
          )}
        </Form>
      ) : null}
    </div>
  );
}

/** `/admin/blog/new` and `/admin/blog/{id}`: every field of a post, a preview of the unsaved text, publish and unpublish. */
export default function AdminBlogPost({ loaderData }: Route.ComponentProps) {
  const { t, locale } = useI18n();
  const isNew = loaderData.access === "ok" && loaderData.page.id === null;
  return (
    <AdminScreen data={loaderData} current="admin-blog" title={t(isNew ? "adminBlog.new" : "adminBlog.edit.title")}>
      {(page, frame) => (
        <>
          <p>
            <Link to={href(locale, "admin-blog")}>{t("adminBlog.back")}</Link>
          </p>
          {page.notice ? (
            <p className="admin-notice" role="status">
              {t(`adminBlog.notice.${page.notice}`)}
            </p>
          ) : null}
          <StatusActions page={page} csrf={frame.csrf} />
          <PostForm key={page.id ?? "new"} page={page} csrf={frame.csrf} />
        </>
      )}
    </AdminScreen>
  );
}
