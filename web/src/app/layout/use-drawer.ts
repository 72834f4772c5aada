import { useEffect, useRef, useState } from 'react';
import { MOBILE_BREAKPOINT_PX } from '../../config/site';
import { useMediaQuery } from '../../lib/use-media-query';

const MOBILE_QUERY = `(max-width: ${MOBILE_BREAKPOINT_PX - 0.02}px)`;

/**
 * The menu as a drawer below 1024 px: navigation, a wider window and Escape close it; keyboard
 * users land in it when it opens.
 */
export function useDrawer(path: string) {
  const isMobile = useMediaQuery(MOBILE_QUERY);
  const [open, setOpen] = useState(false);
  const sidebarRef = useRef<HTMLElement>(null);
  const active = isMobile && open;

  useEffect(() => {
    setOpen(false);
  }, [path]);

  useEffect(() => {
    if (!isMobile) setOpen(false);
  }, [isMobile]);

  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [open]);

  useEffect(() => {
    if (active) sidebarRef.current?.querySelector<HTMLElement>('a[href], button')?.focus();
  }, [active]);

  return {
    active,
    /** The menu is a closed drawer: out of reach of focus and assistive technology. */
    hidden: isMobile && !open,
    sidebarRef,
    toggle: () => setOpen((current) => !current),
    close: () => setOpen(false),
  };
}
