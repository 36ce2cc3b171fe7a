import { STATUS_FILTERS, type StatusFilter } from '@contract/admin-list';
import { SEARCH_DEBOUNCE_MS } from '@contract/constants';
import type { StatusWords } from '@contract/resource';
import { Group, Select, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useRouter } from '@tanstack/react-router';
import { type ReactNode, useRef, useState } from 'react';
import { statusFilterOptions } from './status-words';

type ListToolbarProps = {
  search: string;
  status: StatusFilter;
  words: StatusWords;
  onSearch: (search: string) => void;
  onStatus: (status: StatusFilter) => void;
  /** The resource's own filters. */
  filters?: ReactNode;
};

const isStatus = (value: string | null): value is StatusFilter =>
  (STATUS_FILTERS as readonly (string | null)[]).includes(value);

/**
 * Search and status filter of an admin list. The box shows what is typed at once; the URL (and so
 * the query) follows 500 ms after the last key, straight from the change handler.
 */
export function ListToolbar({ search, status, words, onSearch, onStatus, filters }: ListToolbarProps) {
  const [text, setText] = useState(search);
  // The URL can also change without the box (back button, a link): then the box shows the URL's
  // search. Adjusted while rendering, as React advises, rather than synced in an effect.
  const sent = useRef(search);
  const [shown, setShown] = useState(search);
  if (search !== shown) {
    setShown(search);
    if (search !== sent.current) setText(search);
  }
  const router = useRouter();
  const sendSearch = useDebouncedCallback((value: string) => {
    // Opening a row's form starts a navigation while this list is still shown (its loader runs
    // first); a search sent now would navigate back to the list and cancel it.
    const { location, resolvedLocation } = router.state;
    if (resolvedLocation && location.pathname !== resolvedLocation.pathname) return;
    sent.current = value.trim();
    onSearch(sent.current);
  }, SEARCH_DEBOUNCE_MS);
  return (
    <Group align="flex-end" gap="sm" wrap="wrap">
      <TextInput
        label="Search"
        placeholder="Search"
        leftSection={<IconSearch size={16} />}
        value={text}
        onChange={(event) => {
          setText(event.currentTarget.value);
          sendSearch(event.currentTarget.value);
        }}
        w={{ base: '100%', xs: 260 }}
      />
      <Select
        label="Status"
        data={statusFilterOptions(words)}
        value={status}
        allowDeselect={false}
        onChange={(value) => {
          if (isStatus(value)) onStatus(value);
        }}
        w={160}
      />
      {filters}
    </Group>
  );
}
