import { SEARCH_DEBOUNCE_MS } from '@contract/constants';
import { MultiSelect, type MultiSelectProps, type OptionsFilter } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { ChoicePagesQuery } from '@/lib/choice-pages';
import type { Choice } from '@/lib/lookups';
import { dropdownProps } from './form/dropdown-props';
import { nearListBottom } from './searchable-paged-select';

const NONE: readonly never[] = [];

/** The server already searched (names, emails, titles): a second filter here would drop its matches. */
const keepAll: OptionsFilter = ({ options }) => options;

/**
 * What the select offers: the chosen values first, each by the last label seen for it (a later
 * search may no longer list it), then the search's results not chosen yet, once each.
 */
export function mergeChoices(
  chosen: readonly string[],
  labels: ReadonlyMap<string, string>,
  results: readonly Choice[],
  exclude: readonly string[] = NONE,
): Choice[] {
  const merged = new Map<string, Choice>();
  for (const value of chosen) merged.set(value, { value, label: labels.get(value) ?? value });
  for (const choice of results)
    if (!merged.has(choice.value) && !exclude.includes(choice.value)) merged.set(choice.value, choice);
  return [...merged.values()];
}

export type RemoteMultiSelectProps = Omit<
  MultiSelectProps,
  'data' | 'value' | 'onChange' | 'searchable' | 'searchValue' | 'onSearchChange' | 'filter'
> & {
  value: string[];
  onChange: (value: string[]) => void;
  /** The server's matches for a search text, a page at a time. */
  query: ChoicePagesQuery;
  /** Labels of the values chosen before the select opened (the saved record's). */
  known?: readonly Choice[];
  /** Values never offered (a team as a member of itself). */
  exclude?: readonly string[];
  /** Shown when the search matches nothing. */
  nothingFound: string;
};

/**
 * A multi-select over a list the server searches and pages: the typed text is sent after a pause,
 * the next page loads as the list is scrolled near its end, and chosen values keep their labels.
 */
export function RemoteMultiSelect({
  value,
  onChange,
  query,
  known = NONE,
  exclude = NONE,
  nothingFound,
  ...props
}: RemoteMultiSelectProps) {
  const [searchValue, setSearchValue] = useState('');
  const [search] = useDebouncedValue(searchValue.trim(), SEARCH_DEBOUNCE_MS);
  const list = useInfiniteQuery(query(search));
  const results = list.data?.pages.flatMap((page) => page.choices) ?? NONE;
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = list;

  // Every label seen, so a chosen value keeps its name whichever search is shown.
  const labels = useRef(new Map<string, string>());
  for (const choice of [...known, ...results]) labels.current.set(choice.value, choice.label);

  const viewport = useRef<HTMLDivElement>(null);
  const loadMoreIfNearBottom = () => {
    const element = viewport.current;
    // A closed dropdown has no size, and would look scrolled to its end.
    if (!element || element.clientHeight === 0) return;
    if (hasNextPage && !isFetchingNextPage && nearListBottom(element)) void fetchNextPage();
  };
  // A first page too short to scroll would never fire a scroll event: keep loading until it can.
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-checked whenever a page arrives.
  useEffect(loadMoreIfNearBottom, [results.length, hasNextPage, isFetchingNextPage]);

  return (
    <MultiSelect
      comboboxProps={dropdownProps}
      hidePickedOptions
      {...props}
      data={mergeChoices(value, labels.current, results, exclude)}
      value={value}
      onChange={onChange}
      searchable
      searchValue={searchValue}
      onSearchChange={setSearchValue}
      filter={keepAll}
      nothingFoundMessage={list.isFetching ? 'Searching…' : nothingFound}
      scrollAreaProps={{ viewportRef: viewport, onScrollPositionChange: loadMoreIfNearBottom }}
      onDropdownOpen={() => {
        props.onDropdownOpen?.();
        // Measured once the list is drawn.
        requestAnimationFrame(loadMoreIfNearBottom);
      }}
    />
  );
}
