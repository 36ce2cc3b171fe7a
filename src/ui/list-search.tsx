import { SEARCH_DEBOUNCE_MS } from '@contract/constants';
import { TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useRouter } from '@tanstack/react-router';
import { useRef, useState } from 'react';

type ListSearchProps = {
  search: string;
  onSearch: (search: string) => void;
  placeholder: string;
  label?: string;
};

/**
 * A list's search: the box shows what is typed at once and the URL follows after a pause. For the
 * lists with no status (Attendees, Virtual Meetings), where the admin list's toolbar does not fit.
 */
export function ListSearch({ search, onSearch, placeholder, label = 'Search' }: ListSearchProps) {
  const [text, setText] = useState(search);
  // The URL can change without the box (back button): then the box shows the URL's search.
  const sent = useRef(search);
  const [shown, setShown] = useState(search);
  if (search !== shown) {
    setShown(search);
    if (search !== sent.current) setText(search);
  }
  const router = useRouter();
  const send = useDebouncedCallback((value: string) => {
    // A row's form opening meanwhile must not be cancelled by navigating back to the list.
    const { location, resolvedLocation } = router.state;
    if (resolvedLocation && location.pathname !== resolvedLocation.pathname) return;
    sent.current = value.trim();
    onSearch(sent.current);
  }, SEARCH_DEBOUNCE_MS);
  return (
    <TextInput
      label={label}
      placeholder={placeholder}
      leftSection={<IconSearch size={16} aria-hidden />}
      value={text}
      onChange={(event) => {
        setText(event.currentTarget.value);
        send(event.currentTarget.value);
      }}
      w={{ base: '100%', xs: 260 }}
    />
  );
}
