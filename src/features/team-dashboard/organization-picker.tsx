import { Box } from '@mantine/core';
import { ClosedSelectField } from '@/ui/until-used/deferred-select';
import { lazyUntilUsed, UntilUsed } from '@/ui/until-used/until-used';
import { ORGANIZATION_LABEL, ORGANIZATION_PLACEHOLDER } from './organization-field';
import type { OrganizationSelectProps } from './organization-select';

const picker = lazyUntilUsed<OrganizationSelectProps>(() =>
  import('./organization-select').then((module) => ({ default: module.OrganizationSelect })),
);

/**
 * The 'Organization :' picker (OrganizationSelect), in the page once it is clicked or takes the focus
 * (it opens as it takes it); until then a closed field showing the team stands in, so the dashboard's first render
 * builds no combobox (see lazyUntilUsed).
 */
export function OrganizationPicker(props: Omit<OrganizationSelectProps, 'autoFocus'>) {
  return (
    <UntilUsed
      preload={picker.preload}
      standIn={(handlers) => (
        <Box maw={420}>
          <ClosedSelectField
            label={ORGANIZATION_LABEL}
            shown={props.organizations.data.find((team) => team._id === props.value)?.title ?? ''}
            placeholder={ORGANIZATION_PLACEHOLDER}
            handlers={handlers}
          />
        </Box>
      )}
    >
      {() => <picker.Component {...props} autoFocus />}
    </UntilUsed>
  );
}
