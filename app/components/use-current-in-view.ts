import { useEffect, useRef } from "react";

/**
 * For a row that scrolls sideways on a phone (home tabs, day strip): brings its item marked
 * `aria-current` into view whenever `key` changes, without moving the page up or down.
 */
export function useCurrentInView<T extends HTMLElement>(key: unknown) {
  const ref = useRef<T>(null);
  useEffect(() => {
    const row = ref.current;
    const current = row?.querySelector<HTMLElement>("[aria-current]");
    if (row && current && row.scrollWidth > row.clientWidth) current.scrollIntoView({ block: "nearest", inline: "center" });
  }, [key]);
  return ref;
}
