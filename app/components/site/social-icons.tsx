import type { SocialNetwork } from "#core/tenants/site-config.ts";

/** Small monochrome glyphs drawn on a 24-unit grid; they take the current text colour. */
const GLYPHS: Record<SocialNetwork, React.ReactNode> = {
  youtube: (
    <>
      <rect x="2" y="5" width="20" height="14" rx="4" fill="currentColor" />
      <path d="M10 9l5 3-5 3z" fill="var(--social-icon-cut, #fff)" />
    </>
  ),
  twitter: <path d="M4 4h4.5l4 5.6L17.3 4H20l-6.2 7.2L20.5 20H16l-4.3-6-5.2 6H4l6.4-7.5z" fill="currentColor" />,
  telegram: (
    <path
      d="M21 4L2.8 11.1c-.9.4-.9 1.3 0 1.6l4.6 1.5 1.8 5.4c.2.6.9.8 1.4.4l2.6-2.2 4.7 3.5c.6.4 1.4.1 1.5-.6L22.3 5.2c.2-.9-.6-1.5-1.3-1.2zM9.6 14.2l8-6.8-6.3 8.1-.4 3z"
      fill="currentColor"
    />
  ),
  instagram: (
    <>
      <rect x="3" y="3" width="18" height="18" rx="5" fill="none" stroke="currentColor" strokeWidth="2" />
      <circle cx="12" cy="12" r="4" fill="none" stroke="currentColor" strokeWidth="2" />
      <circle cx="17.3" cy="6.7" r="1.2" fill="currentColor" />
    </>
  ),
  linkedin: (
    <>
      <rect x="3" y="9" width="4" height="12" fill="currentColor" />
      <circle cx="5" cy="5" r="2.2" fill="currentColor" />
      <path
        d="M10 9h3.8v1.8c.6-1.1 2-2.1 4-2.1 3.3 0 4.2 2 4.2 5.1V21h-4v-6.3c0-1.5-.4-2.6-1.9-2.6s-2.1 1.1-2.1 2.6V21h-4z"
        fill="currentColor"
      />
    </>
  ),
  facebook: (
    <path
      d="M14 22v-8h2.8l.4-3.3H14V8.6c0-.9.3-1.6 1.6-1.6h1.7V4.1c-.3 0-1.3-.1-2.5-.1-2.5 0-4.2 1.5-4.2 4.3v2.4H7.8V14h2.8v8z"
      fill="currentColor"
    />
  ),
  aparat: (
    <>
      <circle cx="12" cy="12" r="9" fill="none" stroke="currentColor" strokeWidth="2" />
      <circle cx="9" cy="8.5" r="1.9" fill="currentColor" />
      <circle cx="15.5" cy="9" r="1.9" fill="currentColor" />
      <circle cx="8.5" cy="15" r="1.9" fill="currentColor" />
      <circle cx="15" cy="15.5" r="1.9" fill="currentColor" />
    </>
  ),
};

export function SocialIcon({ network, size = 20 }: { network: SocialNetwork; size?: number }) {
  return (
    <svg viewBox="0 0 24 24" width={size} height={size} aria-hidden="true" focusable="false">
      {GLYPHS[network]}
    </svg>
  );
}
