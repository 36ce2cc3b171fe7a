import { DROPDOWN_LIST_HEIGHT_PX } from '@contract/constants';
import type { OrganizationList } from '@contract/team-dashboard';
import { Box, Button, Combobox, Group, InputBase, ScrollArea, Text, useCombobox } from '@mantine/core';
import { useState } from 'react';
import { useSetDefaultTeam } from './organization-queries';

type OrganizationSelectProps = {
  organizations: OrganizationList;
  value: string;
  onChange: (teamId: string) => void;
};

/** 'Organization :' picker of the teams the user leads; each option can be made the default one. */
export function OrganizationSelect({ organizations, value, onChange }: OrganizationSelectProps) {
  const setDefault = useSetDefaultTeam();
  const current = organizations.data.find((team) => team._id === value);
  const [search, setSearch] = useState<string | null>(null);
  const combobox = useCombobox({
    onDropdownClose: () => {
      combobox.resetSelectedOption();
      setSearch(null);
    },
  });

  const query = (search ?? '').trim().toLowerCase();
  const options = organizations.data.filter((team) => team.title.toLowerCase().includes(query));

  return (
    <Combobox
      store={combobox}
      onOptionSubmit={(teamId) => {
        if (teamId !== value) onChange(teamId);
        combobox.closeDropdown();
      }}
    >
      <Combobox.Target>
        <InputBase
          label="Organization :"
          maw={420}
          rightSection={<Combobox.Chevron />}
          rightSectionPointerEvents="none"
          placeholder="Search organization"
          value={search ?? current?.title ?? ''}
          onChange={(event) => {
            combobox.openDropdown();
            combobox.updateSelectedOptionIndex();
            setSearch(event.currentTarget.value);
          }}
          onClick={() => combobox.openDropdown()}
          onFocus={() => combobox.openDropdown()}
          onBlur={() => combobox.closeDropdown()}
        />
      </Combobox.Target>
      <Combobox.Dropdown>
        <Combobox.Options>
          <ScrollArea.Autosize mah={DROPDOWN_LIST_HEIGHT_PX} type="scroll">
            {options.length === 0 ? <Combobox.Empty>No organization found.</Combobox.Empty> : null}
            {options.map((team) => {
              const isDefault = team._id === organizations.default;
              return (
                <Combobox.Option value={team._id} key={team._id} active={team._id === value}>
                  <Group justify="space-between" wrap="nowrap" gap="sm">
                    <Text size="sm" fw={team._id === value ? 600 : 400}>
                      {team.title}
                    </Text>
                    {/* The button's own click (also on the disabled one) must not pick the option. */}
                    <Box component="span" onClick={(event) => event.stopPropagation()}>
                      <Button
                        size="compact-xs"
                        variant={isDefault ? 'light' : 'default'}
                        disabled={isDefault || setDefault.isPending}
                        loading={setDefault.isPending && setDefault.variables === team._id}
                        onClick={() => setDefault.mutate(team._id)}
                      >
                        {isDefault ? 'Default' : 'Set Default'}
                      </Button>
                    </Box>
                  </Group>
                </Combobox.Option>
              );
            })}
          </ScrollArea.Autosize>
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}
