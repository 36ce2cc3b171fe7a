import { SEARCH_DEBOUNCE_MS } from '@contract/constants';
import { MultiSelect } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { type QueryKey, type UseQueryOptions, useQuery } from '@tanstack/react-query';
import { useMemo, useRef, useState } from 'react';
import { useFieldContext } from '@/ui/form/app-form';
import { firstErrorMessage } from '@/ui/form/field-error';
import { mergeOptions, type Option } from './training-form-values';

const NO_OPTIONS: Option[] = [];

type RemoteMultiSelectProps<T, K extends QueryKey> = {
  label: string;
  placeholder: string;
  nothingFound: string;
  /** Labels of values chosen before this opened (the saved record's). */
  initialOptions: Option[];
  /** The query of the server's matches for a search (debounced here), selected into options. */
  optionsQuery: (search: string) => UseQueryOptions<T, Error, Option[], K>;
};

/**
 * A form field choosing many ids from a list the server searches. Chosen values keep their labels
 * when a later search no longer returns them.
 */
export function RemoteMultiSelect<T, K extends QueryKey>({
  label,
  placeholder,
  nothingFound,
  initialOptions,
  optionsQuery,
}: RemoteMultiSelectProps<T, K>) {
  const field = useFieldContext<string[]>();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const query = useQuery(optionsQuery(debounced));
  const options = query.data ?? NO_OPTIONS;
  const known = useRef(new Map<string, string>());
  for (const option of [...initialOptions, ...options]) known.current.set(option.value, option.label);
  const data = useMemo(
    () => mergeOptions(field.state.value, known.current, options),
    [field.state.value, options],
  );

  return (
    <MultiSelect
      label={label}
      placeholder={placeholder}
      data={data}
      value={field.state.value}
      onChange={(next) => {
        if (field.state.meta.errorMap.onServer !== undefined) {
          field.setMeta((meta) => ({ ...meta, errorMap: { ...meta.errorMap, onServer: undefined } }));
        }
        field.handleChange(next);
      }}
      onBlur={field.handleBlur}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      nothingFoundMessage={query.isFetching ? 'Loading...' : nothingFound}
      error={firstErrorMessage(field.state.meta.errors)}
      hidePickedOptions
      clearable
    />
  );
}
