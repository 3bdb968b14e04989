import { ContentPage } from "#app/components/content-page.tsx";
import { useI18n } from "#app/i18n/use-i18n.ts";
import { rootDataOf, translatedMeta } from "#app/route-meta.ts";
import type { Route } from "./+types/contact";

export const meta: Route.MetaFunction = ({ matches }) => translatedMeta(matches, "page.contact.title", "page.contact.intro");

export default function Contact({ matches }: Route.ComponentProps) {
  const { t, digits } = useI18n();
  const site = rootDataOf(matches)?.site;
  return (
    <ContentPage title="page.contact.title" intro="page.contact.intro" name={site?.name ?? ""}>
      {site ? (
        <dl className="grid gap-3 sm:grid-cols-[max-content_1fr]">
          {site.phones.length > 0 ? (
            <>
              <dt className="font-bold">{t("footer.phone")}</dt>
              <dd>
                <ul>
                  {site.phones.map((phone) => (
                    <li key={phone}>
                      <a href={`tel:${phone}`}><bdi dir="ltr">{digits(phone)}</bdi></a>
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
                      <a href={`mailto:${email}`}><bdi dir="ltr">{email}</bdi></a>
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
    </ContentPage>
  );
}
