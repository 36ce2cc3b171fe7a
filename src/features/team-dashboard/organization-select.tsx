import { DROPDOWN_LIST_HEIGHT_PX } from '@contract/constants';
import type { Organization, OrganizationList } from '@contract/team-dashboard';
import {
  Box,
  Button,
  Combobox,
  Group,
  InputBase,
  Loader,
  ScrollArea,
  Stack,
  Text,
  useCombobox,
} from '@mantine/core';
import { type FocusEvent, useRef, useState } from 'react';
import { ORGANIZATION_LABEL, ORGANIZATION_PLACEHOLDER } from './organization-field';
import { useSetDefaultTeam } from './organization-queries';

export type OrganizationSelectProps = {
  organizations: OrganizationList;
  value: string;
  onChange: (teamId: string) => void;
  /** Takes the focus as it mounts, which opens it (in place of its stand-in, see OrganizationPicker). */
  autoFocus?: boolean;
};

/** One line of the list: the option and its Set Default button share this height, side by side. */
const ROW_HEIGHT = 36;

/**
 * 'Organization :' picker of the teams the user leads; each team can be made the default one.
 * The options stay plain (an option may hold no button): the Set Default buttons are a column of
 * their own beside the list, one per line, reached with Tab from the field. The dropdown is kept in
 * the page's order (no portal) for that, and closes when focus moves elsewhere. It is in the page only
 * while open (not kept mounted hidden), so the dashboard's first render neither builds nor positions it.
 */
export function OrganizationSelect({ organizations, value, onChange, autoFocus }: OrganizationSelectProps) {
  const setDefault = useSetDefaultTeam();
  const current = organizations.data.find((team) => team._id === value);
  const [search, setSearch] = useState<string | null>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  const combobox = useCombobox({
    onDropdownClose: () => {
      combobox.resetSelectedOption();
      setSearch(null);
    },
  });

  const query = (search ?? '').trim().toLowerCase();
  const options = organizations.data.filter((team) => team.title.toLowerCase().includes(query));

  // Focus moving to another control closes the list; a click outside is the popover's own to handle.
  const closeWhenFocusLeaves = (event: FocusEvent) => {
    const next = event.relatedTarget;
    if (next instanceof Node && !rootRef.current?.contains(next)) combobox.closeDropdown();
  };

  return (
    <Box ref={rootRef} maw={420} onBlur={closeWhenFocusLeaves}>
      <Combobox
        store={combobox}
        withinPortal={false}
        keepMounted={false}
        onOptionSubmit={(teamId) => {
          if (teamId !== value) onChange(teamId);
          combobox.closeDropdown();
        }}
      >
        <Combobox.Target withExpandedAttribute>
          <InputBase
            label={ORGANIZATION_LABEL}
            autoFocus={autoFocus}
            rightSection={<Combobox.Chevron />}
            rightSectionPointerEvents="none"
            placeholder={ORGANIZATION_PLACEHOLDER}
            value={search ?? current?.title ?? ''}
            onChange={(event) => {
              combobox.openDropdown();
              combobox.updateSelectedOptionIndex();
              setSearch(event.currentTarget.value);
            }}
            onClick={() => combobox.openDropdown()}
            onFocus={() => combobox.openDropdown()}
          />
        </Combobox.Target>
        <Combobox.Dropdown>
          <ScrollArea.Autosize mah={DROPDOWN_LIST_HEIGHT_PX} type="scroll">
            <Group gap="xs" wrap="nowrap" align="flex-start">
              <Combobox.Options aria-label="Organizations" style={{ flex: 1, minWidth: 0 }}>
                {options.length === 0 ? <Combobox.Empty>No organization found.</Combobox.Empty> : null}
                {options.map((team) => (
                  <Combobox.Option
                    value={team._id}
                    key={team._id}
                    active={team._id === value}
                    h={ROW_HEIGHT}
                    display="flex"
                    style={{ alignItems: 'center' }}
                  >
                    <Text size="sm" fw={team._id === value ? 600 : 400} truncate>
                      {team.title}
                    </Text>
                  </Combobox.Option>
                ))}
              </Combobox.Options>
              <Stack gap={0}>
                {options.map((team) => (
                  <SetDefaultButton
                    key={team._id}
                    team={team}
                    isDefault={team._id === organizations.default}
                    busy={setDefault.isPending}
                    loading={setDefault.isPending && setDefault.variables === team._id}
                    onSetDefault={() => setDefault.mutate(team._id)}
                  />
                ))}
              </Stack>
            </Group>
          </ScrollArea.Autosize>
        </Combobox.Dropdown>
      </Combobox>
    </Box>
  );
}

type SetDefaultButtonProps = {
  team: Organization;
  isDefault: boolean;
  busy: boolean;
  loading: boolean;
  onSetDefault: () => void;
};

/**
 * 'Set Default', or 'Default' on the current default. Unavailable through aria-disabled rather than
 * disabled, so a keyboard user who has just pressed it keeps their place in the list.
 */
function SetDefaultButton({ team, isDefault, busy, loading, onSetDefault }: SetDefaultButtonProps) {
  const label = isDefault ? 'Default' : 'Set Default';
  const unavailable = isDefault || busy;
  return (
    <Group h={ROW_HEIGHT} align="center">
      <Button
        size="compact-xs"
        variant={isDefault ? 'light' : 'default'}
        aria-label={`${label}: ${team.title}`}
        aria-disabled={unavailable}
        data-disabled={unavailable || undefined}
        aria-busy={loading || undefined}
        leftSection={loading ? <Loader size={10} color="currentColor" aria-hidden /> : undefined}
        onClick={() => {
          if (!unavailable) onSetDefault();
        }}
      >
        {label}
      </Button>
    </Group>
  );
}
