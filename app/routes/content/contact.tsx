import { ContentArticle } from "#app/components/content/content-article.tsx";
import { loadContentPage } from "#app/content-page.server.ts";
import { CONTENT_HANDLE, contentHeaders, contentMeta } from "#app/content-route.ts";
import { useI18n } from "#app/i18n/use-i18n.ts";
import { rootDataOf } from "#app/route-meta.ts";
import type { Route } from "./+types/contact";

export function loader(args: Route.LoaderArgs) {
  return loadContentPage(args, "contact");
}

export const handle = CONTENT_HANDLE;

export const headers: Route.HeadersFunction = contentHeaders;

export const meta: Route.MetaFunction = ({ matches, loaderData }) => contentMeta(matches, loaderData);

/** The stored introduction, then the agency's own phones, e-mails and address from its configuration. */
export default function Contact({ loaderData, matches }: Route.ComponentProps) {
  const { t, digits, dir } = useI18n();
  const site = rootDataOf(matches)?.site;
  const hasDetails = site !== undefined && (site.phones.length > 0 || site.emails.length > 0 || site.address !== null);
  return (
    <ContentArticle page={loaderData}>
      {hasDetails ? (
        // The details are in the page's language even when the text above stands in from Persian.
        <dl
          dir={dir}
          className="my-8 grid gap-x-6 gap-y-3 rounded-lg border border-black/10 bg-white/60 p-5 sm:grid-cols-[max-content_1fr]"
        >
          {site.phones.length > 0 ? (
            <>
              <dt className="font-bold">{t("footer.phone")}</dt>
              <dd>
                <ul>
                  {site.phones.map((phone) => (
                    <li key={phone}>
                      <a href={`tel:${phone}`}>
                        <bdi dir="ltr">{digits(phone)}</bdi>
                      </a>
                    </li>
                  ))}
                </ul>
              </dd>
            </>
          ) : null}
          {site.emails.length > 0 ? (
            <>
              <dt className="font-bold">{t("footer.email")}</dt>
              <dd>
                <ul>
                  {site.emails.map((email) => (
                    <li key={email}>
                      <a href={`mailto:${email}`}>
                        <bdi dir="ltr">{email}</bdi>
                      </a>
                    </li>
                  ))}
                </ul>
              </dd>
            </>
          ) : null}
          {site.address ? (
            <>
              <dt className="font-bold">{t("footer.address")}</dt>
              <dd>{site.address}</dd>
            </>
          ) : null}
        </dl>
      ) : null}
    </ContentArticle>
  );
}
