import { DROPDOWN_LIST_HEIGHT_PX, SCROLL_LOAD_THRESHOLD_PX, SEARCH_DEBOUNCE_MS } from '@contract/constants';
import type { LookupPage } from '@contract/envelope';
import { Combobox, InputBase, Loader, useCombobox } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import {
  type InfiniteData,
  keepPreviousData,
  type QueryKey,
  type UseInfiniteQueryOptions,
  useInfiniteQuery,
} from '@tanstack/react-query';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { dropdownProps } from './form/dropdown-props';

/** An entry of a paged lookup list (locations, departments). */
export type LookupItem = { _id: string; title: string };
export type LookupOption = { value: string; label: string };

/** The infinite query of one search text; the caller owns the key and the fetch. */
export type PagedLookupQuery = (
  search: string,
) => UseInfiniteQueryOptions<
  LookupPage<LookupItem>,
  Error,
  InfiniteData<LookupPage<LookupItem>>,
  QueryKey,
  number
>;

/** Whether a scrolled list is within the load threshold of its bottom (or too short to scroll). */
export function nearListBottom(element: Pick<HTMLElement, 'scrollHeight' | 'scrollTop' | 'clientHeight'>) {
  return element.scrollHeight - element.scrollTop - element.clientHeight <= SCROLL_LOAD_THRESHOLD_PX;
}

export type SearchablePagedSelectProps = {
  label: string;
  placeholder: string;
  /** Shown when the search matches nothing. */
  nothingFound: string;
  /** The chosen id, '' for none. */
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  query: PagedLookupQuery;
  /**
   * The chosen option as the caller already knows it (an edited record's current choice), so its
   * label shows before the paged list reaches it.
   */
  selectedOption?: LookupOption | null;
  error?: ReactNode;
  name?: string;
  disabled?: boolean;
};

/**
 * A searchable select over a paged lookup: the search is sent to the server after a pause, and the
 * next page loads when the list is scrolled near its bottom.
 */
export function SearchablePagedSelect({
  label,
  placeholder,
  nothingFound,
  value,
  onChange,
  onBlur,
  query,
  selectedOption,
  error,
  name,
  disabled,
}: SearchablePagedSelectProps) {
  const listRef = useRef<HTMLDivElement>(null);
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  // null while the user is not typing: the input then shows the chosen option's label.
  const [search, setSearch] = useState<string | null>(null);
  const [debouncedSearch] = useDebouncedValue((search ?? '').trim(), SEARCH_DEBOUNCE_MS);
  // Labels of options picked here, which a later search may no longer list.
  const [picked, setPicked] = useState<Record<string, string>>({});

  // The previous search's options stay listed while the next one loads, instead of a flashing spinner.
  const list = useInfiniteQuery({ ...query(debouncedSearch), placeholderData: keepPreviousData });
  const items = list.data?.pages.flatMap((page) => page.data) ?? [];
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = list;

  const selectedLabel =
    value === ''
      ? ''
      : (picked[value] ??
        items.find((item) => item._id === value)?.title ??
        (selectedOption?.value === value ? selectedOption.label : ''));

  const loadMoreIfNearBottom = () => {
    const element = listRef.current;
    // A closed list is still mounted but has no size, and would look scrolled to its end.
    if (!element || !combobox.dropdownOpened || element.clientHeight === 0) return;
    if (hasNextPage && !isFetchingNextPage && nearListBottom(element)) void fetchNextPage();
  };

  // A first page too short to scroll would never fire a scroll event: keep loading until it can.
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-checked whenever a page arrives or the list opens.
  useEffect(loadMoreIfNearBottom, [items.length, combobox.dropdownOpened, hasNextPage, isFetchingNextPage]);

  const choose = (id: string) => {
    const item = items.find((entry) => entry._id === id);
    if (item) setPicked((current) => ({ ...current, [item._id]: item.title }));
    onChange(id);
    setSearch(null);
    combobox.closeDropdown();
  };

  const clear = () => {
    onChange('');
    setSearch(null);
  };

  return (
    <Combobox store={combobox} onOptionSubmit={choose} disabled={disabled} {...dropdownProps}>
      <Combobox.Target withExpandedAttribute>
        <InputBase
          name={name}
          label={label}
          placeholder={placeholder}
          value={search ?? selectedLabel}
          error={error}
          disabled={disabled}
          onChange={(event) => {
            setSearch(event.currentTarget.value);
            combobox.openDropdown();
            combobox.resetSelectedOption();
          }}
          onClick={() => combobox.openDropdown()}
          onFocus={() => combobox.openDropdown()}
          onBlur={() => {
            combobox.closeDropdown();
            // Erasing the text and leaving the field clears the choice, as the clear button does.
            if (search !== null && search.trim() === '' && value !== '') onChange('');
            setSearch(null);
            onBlur?.();
          }}
          rightSection={
            value !== '' && !disabled ? (
              <Combobox.ClearButton
                onClear={clear}
                aria-hidden={false}
                tabIndex={0}
                // Not named after the field, so the field's label finds only the field.
                aria-label="Clear selection"
              />
            ) : (
              <Combobox.Chevron error={error} />
            )
          }
          rightSectionPointerEvents={value !== '' ? 'all' : 'none'}
        />
      </Combobox.Target>

      <Combobox.Dropdown>
        <Combobox.Options
          ref={listRef}
          // Named apart from the field, so the field's label finds only the field (the list stays
          // mounted while closed).
          aria-label="Options"
          mah={DROPDOWN_LIST_HEIGHT_PX}
          style={{ overflowY: 'auto' }}
          onScroll={loadMoreIfNearBottom}
        >
          {items.map((item) => (
            <Combobox.Option value={item._id} key={item._id} active={item._id === value}>
              {item.title}
            </Combobox.Option>
          ))}
          {list.isPending ? (
            <Combobox.Empty>
              <Loader size="xs" aria-label="Loading" />
            </Combobox.Empty>
          ) : items.length === 0 ? (
            <Combobox.Empty>{list.isError ? list.error.message : nothingFound}</Combobox.Empty>
          ) : null}
          {isFetchingNextPage ? (
            <Combobox.Empty>
              <Loader size="xs" aria-label="Loading more" />
            </Combobox.Empty>
          ) : null}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}
