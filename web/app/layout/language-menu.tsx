import { Check, Languages } from 'lucide-react';
import { type KeyboardEvent, useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { Locale } from '../../../contract/i18n/locales.ts';
import { languageMessages as messages } from '../../../contract/shell-messages.ts';
import { buttonClasses } from '../../components/ui/button.tsx';
import { useChooseLocale } from '../../features/account/locale.ts';
import { cn } from '../../lib/cn.ts';
import { siteLocaleName, siteLocales, useActiveLocale } from '../../lib/locale.ts';
import { useDomId } from '../../lib/use-dom-id.ts';

const menuItems = (menu: HTMLElement | null) => [
  ...(menu?.querySelectorAll<HTMLElement>('[role="menuitemradio"]') ?? []),
];

/** Whether the menu must start at the button's left edge: too little room on its left to end at its right. */
const MENU_WIDTH = 224;
const startsAtButtonLeft = (button: HTMLElement | null) =>
  button !== null && button.getBoundingClientRect().right < MENU_WIDTH;

/** The top bar remounts in the new language (use-locale-key.ts): its new menu button takes the focus back. */
let refocusAfterSwitch = false;

/**
 * The top bar's language menu (issue 41): a menu button (WAI-ARIA APG) listing every language of `siteLocales` in
 * its own name. Arrows, Home and End move between them, Enter or Space chooses, Escape closes and gives the
 * focus back to the button.
 */
export function LanguageMenu({ className }: { className?: string }) {
  const active = useActiveLocale();
  const choose = useChooseLocale();
  const [open, setOpen] = useState(false);
  // Opens towards the side with room: a phone's top bar can put the button near the left edge.
  const [alignLeft, setAlignLeft] = useState(false);
  const menuId = useDomId();
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);

  const items = () => menuItems(menu.current);
  const close = (refocus: boolean) => {
    setOpen(false);
    if (refocus) button.current?.focus();
  };

  useEffect(() => {
    if (!refocusAfterSwitch) return;
    refocusAfterSwitch = false;
    button.current?.focus();
  }, []);

  // The chosen language has the focus as the menu appears: before paint, so a key pressed the moment it shows
  // moves within the menu instead of reaching the button it opened from.
  useLayoutEffect(() => {
    if (!open) return;
    const list = menuItems(menu.current);
    (list.find((i) => i.getAttribute('aria-checked') === 'true') ?? list[0])?.focus();
  }, [open]);

  useEffect(() => {
    if (!open) return;
    const outside = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!menu.current?.contains(target) && !button.current?.contains(target)) setOpen(false);
    };
    document.addEventListener('pointerdown', outside);
    return () => document.removeEventListener('pointerdown', outside);
  }, [open]);

  const onMenuKey = (event: KeyboardEvent) => {
    const list = items();
    const at = list.indexOf(document.activeElement as HTMLElement);
    const move = (to: number) => {
      event.preventDefault();
      list[(to + list.length) % list.length]?.focus();
    };
    if (event.key === 'ArrowDown') move(at + 1);
    else if (event.key === 'ArrowUp') move(at - 1);
    else if (event.key === 'Home') move(0);
    else if (event.key === 'End') move(list.length - 1);
    else if (event.key === 'Escape') {
      event.preventDefault();
      close(true);
    } else if (event.key === 'Tab') close(false);
  };

  const pick = (locale: Locale) => {
    close(true);
    if (locale === active) return;
    refocusAfterSwitch = true;
    void choose(locale);
  };

  return (
    <div className={cn('relative', className)}>
      <button
        ref={button}
        type="button"
        aria-label={messages.menu}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => {
          setAlignLeft(startsAtButtonLeft(button.current));
          setOpen((o) => !o);
        }}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
            event.preventDefault();
            setAlignLeft(startsAtButtonLeft(button.current));
            setOpen(true);
          }
        }}
        className={buttonClasses('ghost', 'icon')}
      >
        <Languages className="size-5" aria-hidden="true" />
      </button>
      {open && (
        <div
          ref={menu}
          id={menuId}
          role="menu"
          aria-label={messages.menu}
          tabIndex={-1}
          onKeyDown={onMenuKey}
          className={cn(
            'absolute z-50 mt-2 min-w-44 rounded-xl border border-line bg-surface p-1 shadow-lg',
            alignLeft ? 'left-0' : 'right-0',
          )}
        >
          {siteLocales.map((locale) => (
            <button
              key={locale}
              type="button"
              role="menuitemradio"
              aria-checked={locale === active}
              lang={locale}
              tabIndex={-1}
              onClick={() => pick(locale)}
              className={cn(
                'flex w-full items-center justify-between gap-3 rounded-lg px-3 py-2 text-left text-sm text-fg',
                'hover:bg-surface-2 focus-visible:bg-surface-2 focus-visible:outline-2 focus-visible:outline-primary',
              )}
            >
              {siteLocaleName(locale)}
              {locale === active && <Check className="size-4 text-primary" aria-hidden="true" />}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
