import { useState, type KeyboardEvent } from "react";
import type { HotelImage } from "#core/hotels/hotel.ts";
import { useI18n } from "#app/i18n/use-i18n.ts";
import { useHydrated } from "#app/components/search/use-hydrated.ts";

const IMAGE_WIDTH = 960;
const IMAGE_HEIGHT = 600;
const THUMB_WIDTH = 120;
const THUMB_HEIGHT = 75;

/**
 * The hotel's pictures. Before JavaScript every picture sits in a strip that scrolls, and each
 * thumbnail is a link to its picture's anchor, so all of them are reachable. With JavaScript one
 * picture shows at a time: previous/next buttons, the arrow keys (in the page's direction) and
 * thumbnails as buttons move it, and a polite live region reads the position ("3 of 8").
 */
export function HotelGallery({ images, hotelName }: { images: HotelImage[]; hotelName: string }) {
  const { t, number, dir, later } = useI18n();
  later("hotelPage.gallery.previous", "hotelPage.gallery.next");
  const hydrated = useHydrated();
  const [current, setCurrent] = useState(0);
  if (images.length === 0) return null;
  const count = images.length;
  const show = (index: number) => setCurrent((index + count) % count);
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    // In a right-to-left page the next picture lies to the left.
    const forward = dir === "rtl" ? "ArrowLeft" : "ArrowRight";
    const backward = dir === "rtl" ? "ArrowRight" : "ArrowLeft";
    if (event.key === forward) show(current + 1);
    else if (event.key === backward) show(current - 1);
    else if (event.key === "Home") show(0);
    else if (event.key === "End") show(count - 1);
    else return;
    event.preventDefault();
  };
  const position = t("hotelPage.gallery.position", { current: number(current + 1), count: number(count) });

  return (
    <section
      className={`hotel-gallery${hydrated ? " hotel-gallery-live" : ""}`}
      aria-roledescription={t("hotelPage.gallery.role")}
      aria-label={t("hotelPage.gallery.label", { hotel: hotelName })}
      onKeyDown={hydrated ? onKeyDown : undefined}
    >
      <ul className="hotel-gallery-slides">
        {images.map((image, index) => (
          <li
            key={image.src}
            id={`image-${index + 1}`}
            className="hotel-gallery-slide"
            hidden={hydrated && index !== current ? true : undefined}
            aria-roledescription={t("hotelPage.gallery.slide")}
            aria-label={t("hotelPage.gallery.position", { current: number(index + 1), count: number(count) })}
          >
            <img
              src={image.src}
              alt={image.alt}
              width={IMAGE_WIDTH}
              height={IMAGE_HEIGHT}
              loading={index === 0 ? "eager" : "lazy"}
              decoding="async"
            />
          </li>
        ))}
      </ul>
      {hydrated && count > 1 ? (
        <div className="hotel-gallery-controls">
          <button
            type="button"
            className="hotel-gallery-step"
            onClick={() => show(current - 1)}
            aria-label={t("hotelPage.gallery.previous")}
          >
            <span aria-hidden="true">{dir === "rtl" ? "›" : "‹"}</span>
          </button>
          <p className="hotel-gallery-position" aria-live="polite" aria-atomic="true">
            {position}
          </p>
          <button type="button" className="hotel-gallery-step" onClick={() => show(current + 1)} aria-label={t("hotelPage.gallery.next")}>
            <span aria-hidden="true">{dir === "rtl" ? "‹" : "›"}</span>
          </button>
        </div>
      ) : null}
      {count > 1 ? (
        <ul className="hotel-gallery-thumbs" aria-label={t("hotelPage.gallery.thumbs")}>
          {images.map((image, index) => {
            const label = t("hotelPage.gallery.show", { current: number(index + 1), count: number(count) });
            const thumb = <img src={image.src} alt="" width={THUMB_WIDTH} height={THUMB_HEIGHT} loading="lazy" decoding="async" />;
            return (
              <li key={image.src}>
                {hydrated ? (
                  <button
                    type="button"
                    className="hotel-gallery-thumb"
                    aria-label={label}
                    aria-current={index === current ? "true" : undefined}
                    onClick={() => show(index)}
                  >
                    {thumb}
                  </button>
                ) : (
                  <a className="hotel-gallery-thumb" href={`#image-${index + 1}`} aria-label={label}>
                    {thumb}
                  </a>
                )}
              </li>
            );
          })}
        </ul>
      ) : null}
    </section>
  );
}
