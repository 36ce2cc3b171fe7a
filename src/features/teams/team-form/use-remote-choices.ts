import { SEARCH_DEBOUNCE_MS } from '@contract/constants';
import type { TeamOption } from '@contract/teams';
import type { OptionsFilter } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { type ChoiceKind, teamChoiceOptions } from '../queries';

const keepAll: OptionsFilter = ({ options }) => options;

/**
 * Props for a MultiSelect whose choices are searched on the server (users, courses, teams): the
 * typed text goes to the server 500 ms after the last key, and the chosen values keep their labels
 * while a later search no longer lists them.
 */
export function useRemoteChoices(
  kind: ChoiceKind,
  value: readonly string[],
  known: readonly TeamOption[],
  exclude?: string,
) {
  const [searchValue, setSearchValue] = useState('');
  const [search] = useDebouncedValue(searchValue.trim(), SEARCH_DEBOUNCE_MS);
  const results = useQuery(teamChoiceOptions(kind, search));
  // Labels of every option seen in a search; the record's own choices come from `known`.
  const [labels, setLabels] = useState(() => new Map<string, string>());

  useEffect(() => {
    if (!results.data) return;
    setLabels((current) => {
      const next = new Map(current);
      for (const option of results.data) next.set(option._id, option.label);
      return next;
    });
  }, [results.data]);

  const chosen = new Set(value);
  const data = [
    ...value.map((id) => ({
      value: id,
      label: labels.get(id) ?? known.find((option) => option._id === id)?.label ?? id,
    })),
    ...(results.data ?? [])
      .filter((option) => !chosen.has(option._id) && option._id !== exclude)
      .map((option) => ({ value: option._id, label: option.label })),
  ];
  return {
    data,
    searchable: true,
    hidePickedOptions: true,
    // The server already searched (names, emails, team names); a second filter here would drop matches.
    filter: keepAll,
    searchValue,
    onSearchChange: setSearchValue,
    nothingFoundMessage: results.isFetching ? 'Searching…' : 'Nothing found',
  };
}
