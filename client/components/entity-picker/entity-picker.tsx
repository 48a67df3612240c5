import type { TFunction } from 'i18next';
import {
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type CSSProperties,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../lib/number-format';
import type { LocalStore } from '../../../common/contracts/stores';
import { cn } from '../../lib/class-names';
import { FieldNotes } from '../form-field';
import {
  applyPick,
  cellPopupPlace,
  currentPart,
  matchParts,
  nextActive,
  popupContent,
  searchQueryOf,
  type EntityKind,
  type EntityMatch,
  type PickedValue,
  type PopupContent,
  chipsOf,
  withoutId,
} from './entity-picker-rules';
import { PickedChips } from './picked-chips';
import { useEntitySearch } from './use-entity-search';

export type EntityPickerProps = {
  kind: EntityKind;
  /** The store searched; without one the field is a plain id field. */
  store: LocalStore | null;
  label: string;
  /** The field's text: an id (or SKU), or in a list the ids typed so far. */
  value: string;
  onValueChange: (value: string) => void;
  /** What a pick writes: the id, or a product's SKU. */
  picks?: PickedValue;
  /** A comma-separated list of ids: the part after the last comma is searched, and a pick replaces it. */
  isList?: boolean;
  error?: string | undefined;
  hint?: ReactNode;
  testId?: string;
  className?: string;
  /** Keys the picker leaves to the field (Enter when no match is chosen). */
  onKeyDown?: (event: KeyboardEvent<HTMLInputElement>) => void;
  /**
   * `cell`: a small field in a table cell; its label and search hint are for screen readers only, and the matches
   * open wider than the cell. `field` (the default): a form field with its label and hint shown.
   */
  variant?: 'field' | 'cell';
  /** Marks the field invalid when the reason is said elsewhere (a cell's row). */
  isInvalid?: boolean;
  /** Told of a match picked from the list (after `onValueChange`), with the field's new text. */
  onPick?: (match: EntityMatch, value: string) => void;
};

const HINT_KEYS = {
  product: 'entityPicker.productHint',
  category: 'entityPicker.categoryHint',
  brand: 'entityPicker.brandHint',
} as const satisfies Record<EntityKind, string>;

/**
 * An id field that searches the store as one types (issue 31): part of a name or SKU lists the store's matches
 * ("name · SKU · #id") under it, to pick with the mouse or the keyboard (Down and Up, Enter, Escape); an id typed or
 * pasted stays as it is. The WAI-ARIA combobox pattern: the input is the combobox, the matches a listbox whose active
 * option the input names (aria-activedescendant), and a polite status announces what the search found.
 */
export function EntityPicker({
  kind,
  store,
  label,
  value,
  onValueChange,
  picks = 'id',
  isList = false,
  error,
  hint,
  testId,
  className,
  onKeyDown,
  variant = 'field',
  isInvalid = false,
  onPick,
}: EntityPickerProps) {
  const isCell = variant === 'cell';
  const { t, i18n } = useTranslation();
  const id = useId();
  const [isOpen, setOpen] = useState(false);
  const [wasAskedFor, setAskedFor] = useState(false);
  const [active, setActive] = useState(-1);
  // The names of the items picked from the list, by id: the field's ids read as named chips (issue 44).
  const [names, setNames] = useState<ReadonlyMap<string, string>>(() => new Map());
  const listRef = useRef<HTMLUListElement>(null);

  const part = currentPart(value, isList);
  const query = searchQueryOf(value, isList, picks, wasAskedFor);
  const state = useEntitySearch(kind, store, isOpen ? query : null);
  const content: PopupContent = isOpen ? popupContent(state, part, picks, wasAskedFor) : 'none';
  const matches: readonly EntityMatch[] =
    content === 'matches' && state.status === 'done' ? state.matches : [];
  const activeIndex = active < matches.length ? active : -1;
  const optionId = (index: number) => `${id}-option-${index}`;

  // A cell's matches are wider than the cell: placed so that they stay on the screen (a phone's card starts mid-way).
  const fieldRef = useRef<HTMLInputElement>(null);
  const [cellPopup, setCellPopup] = useState<CSSProperties | undefined>(undefined);
  const isShown = content !== 'none';
  useLayoutEffect(() => {
    const field = fieldRef.current;
    if (!isCell || !isShown || !field) return;
    const place = () => setCellPopup(cellPopupPlace(field.getBoundingClientRect(), window.innerWidth));
    place();
    // The list follows its field when the page (or the table) scrolls, or the screen turns.
    window.addEventListener('scroll', place, { capture: true, passive: true });
    window.addEventListener('resize', place);
    return () => {
      window.removeEventListener('scroll', place, { capture: true });
      window.removeEventListener('resize', place);
    };
  }, [isCell, isShown]);

  useEffect(() => {
    if (activeIndex < 0) return;
    listRef.current?.children[activeIndex]?.scrollIntoView?.({ block: 'nearest' });
  }, [activeIndex]);

  const close = () => {
    setOpen(false);
    setAskedFor(false);
    setActive(-1);
  };
  const pick = (match: EntityMatch) => {
    const next = applyPick(value, match, picks, isList);
    if (picks === 'id') setNames((known) => new Map(known).set(String(match.id), match.name));
    onValueChange(next);
    close();
    onPick?.(match, next);
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (!store) return;
      event.preventDefault();
      if (content === 'matches') return setActive(nextActive(activeIndex, matches.length, event.key));
      // Down (or Up) opens the list, at the first (or last) match when there already are matches.
      setOpen(true);
      setAskedFor(true);
      const ready = popupContent(state, part, picks, true) === 'matches' && state.status === 'done';
      setActive(ready ? nextActive(-1, state.matches.length, event.key) : -1);
      return;
    }
    if (event.key === 'Enter' && activeIndex >= 0) {
      event.preventDefault();
      const match = matches[activeIndex];
      if (match) pick(match);
      return;
    }
    if (event.key === 'Escape' && content !== 'none') {
      // The list closes; a dialog around the field stays open.
      event.preventDefault();
      event.stopPropagation();
      return close();
    }
    if (event.key === 'Enter') close();
    onKeyDown?.(event);
  };

  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const listId = `${id}-list`;
  const searchHint = store ? t(HINT_KEYS[kind]) : null;
  const describedBy = [error ? errorId : null, hint || searchHint ? hintId : null].filter(Boolean).join(' ');
  const statusText = announcement(content, formatNumber(matches.length, i18n.language), state, part, t);

  return (
    <div className={className}>
      <label htmlFor={id} className={isCell ? 'sr-only' : 'block text-sm font-medium text-slate-700'}>
        {label}
      </label>
      <div className={cn('relative', !isCell && 'mt-1')}>
        <input
          ref={fieldRef}
          id={id}
          type="text"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={content === 'matches'}
          aria-controls={listId}
          aria-activedescendant={activeIndex >= 0 ? optionId(activeIndex) : undefined}
          aria-invalid={error || isInvalid ? true : undefined}
          aria-describedby={describedBy || undefined}
          autoComplete="off"
          spellCheck={false}
          value={value}
          onChange={(event) => {
            onValueChange(event.target.value);
            setOpen(true);
            setAskedFor(false);
            setActive(-1);
          }}
          onKeyDown={handleKeyDown}
          onBlur={close}
          data-testid={testId}
          className={cn(
            'block w-full rounded-lg border bg-white text-slate-900 shadow-sm outline-none',
            isCell ? 'px-2 py-1 text-xs' : 'px-3 py-2 text-sm',
            'placeholder:text-slate-400 focus:ring-2 disabled:bg-slate-50 disabled:text-slate-500',
            error || isInvalid
              ? 'border-red-400 focus:border-red-500 focus:ring-red-200'
              : 'border-slate-300 focus:border-indigo-500 focus:ring-indigo-200',
          )}
        />
        <div
          hidden={content === 'none'}
          // The field keeps the focus while a match (or the list's scroll bar) is clicked.
          onMouseDown={(event) => event.preventDefault()}
          className={cn(
            'z-30 rounded-lg border border-slate-200 bg-white py-1 text-sm shadow-lg',
            // A cell is narrower than a product's name: its matches open wider, within the screen (cellPopupPlace).
            !isCell && 'absolute inset-x-0 top-full mt-1',
          )}
          style={isCell ? cellPopup : undefined}
          data-testid={testId ? `${testId}-matches` : undefined}
        >
          <ul
            ref={listRef}
            id={listId}
            role="listbox"
            aria-label={t('entityPicker.matches')}
            hidden={content !== 'matches'}
            // The list scrolls, not its frame: the list is what the field controls and keeps in view with Down and Up
            // (axe-core leaves a combobox's controlled list out of its scrollable-region rule).
            className="max-h-72 overflow-y-auto"
          >
            {matches.map((match, index) => {
              const { name, details } = matchParts(match, t('entityPicker.unnamed'));
              return (
                <li
                  key={match.id}
                  id={optionId(index)}
                  role="option"
                  aria-selected={index === activeIndex}
                  // The field keeps the focus while a match is clicked.
                  onMouseDown={(event) => event.preventDefault()}
                  onClick={() => pick(match)}
                  onMouseMove={() => setActive(index)}
                  className={cn(
                    'cursor-pointer px-3 py-2 text-slate-800',
                    index === activeIndex && 'bg-indigo-50 text-indigo-900',
                  )}
                >
                  <span className="font-medium">{name}</span>
                  <span className="text-slate-500">{details}</span>
                </li>
              );
            })}
          </ul>
          {content !== 'matches' && content !== 'none' && (
            <p className={cn('px-3 py-2', content === 'failed' ? 'text-red-700' : 'text-slate-500')}>
              {statusText}
            </p>
          )}
        </div>
      </div>
      <p role="status" className="sr-only">
        {statusText}
      </p>
      {!isCell && (
        <PickedChips
          chips={chipsOf(value, isList, names)}
          testId={testId}
          onRemove={(chipId) => onValueChange(withoutId(value, chipId, isList))}
        />
      )}
      <FieldNotes
        isHintHidden={isCell}
        hintId={hintId}
        hint={
          (hint || searchHint) && (
            <>
              {hint}
              {searchHint && <span className="block">{searchHint}</span>}
            </>
          )
        }
        errorId={errorId}
        error={error}
      />
    </div>
  );
}

function announcement(
  content: PopupContent,
  /** The number of matches, in the reader's language. */
  count: string,
  state: ReturnType<typeof useEntitySearch>,
  part: string,
  t: TFunction,
): string {
  switch (content) {
    case 'none':
      return '';
    case 'matches':
      return t('entityPicker.count', { n: count });
    case 'searching':
      return t('entityPicker.searching');
    case 'no-matches':
      return t('entityPicker.noMatches', { query: part });
    case 'failed':
      return state.status === 'failed' ? state.text : '';
  }
}
