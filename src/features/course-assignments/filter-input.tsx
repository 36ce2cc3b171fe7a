import { SEARCH_DEBOUNCE_MS } from '@contract/constants';
import { TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useRouter } from '@tanstack/react-router';
import { useRef, useState } from 'react';

type FilterInputProps = {
  label: string;
  placeholder: string;
  /** The value in the URL. */
  value: string;
  onSend: (value: string) => void;
};

/**
 * A text filter of the list: the box shows what is typed at once, the URL follows 500 ms after the
 * last key. The list has no status, so the shared toolbar (search beside a status filter) is not used.
 */
export function FilterInput({ label, placeholder, value, onSend }: FilterInputProps) {
  const [text, setText] = useState(value);
  // The URL can change without the box (back button, a link): the box then shows the URL's value.
  // Adjusted while rendering rather than synced in an effect.
  const sent = useRef(value);
  const [shown, setShown] = useState(value);
  if (value !== shown) {
    setShown(value);
    if (value !== sent.current) setText(value);
  }
  const router = useRouter();
  const send = useDebouncedCallback((next: string) => {
    // Opening a row's form starts a navigation while the list still shows; sending now would cancel it.
    const { location, resolvedLocation } = router.state;
    if (resolvedLocation && location.pathname !== resolvedLocation.pathname) return;
    sent.current = next.trim();
    onSend(sent.current);
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
      w={{ base: '100%', xs: 240 }}
    />
  );
}
