import { ComboboxChevron, type ComboboxItem, InputBase, type SelectProps } from '@mantine/core';
import { lazyUntilUsed, type StandInHandlers, UntilUsed } from './until-used';

const select = lazyUntilUsed<SelectProps>(() => import('./mantine-select'));

type StandInProps = {
  label: string;
  /** What the field shows: the chosen option's label, or the search typed. */
  shown: string;
  placeholder?: string;
  /** Takes a pointer like a button (a select one cannot type in). */
  pointer?: boolean;
  handlers: StandInHandlers;
};

/**
 * A closed select as Mantine draws it (field, label, chevron) and as assistive technology meets it
 * (a collapsed combobox with its value), with none of its list, popover or positioning behind it.
 */
export function ClosedSelectField({ label, shown, placeholder, pointer, handlers }: StandInProps) {
  return (
    <InputBase
      label={label}
      value={shown}
      placeholder={placeholder}
      readOnly
      pointer={pointer}
      autoComplete="off"
      role="combobox"
      aria-haspopup="listbox"
      aria-expanded={false}
      rightSection={<ComboboxChevron />}
      rightSectionPointerEvents="none"
      {...handlers}
    />
  );
}

type DeferredSelectProps = Omit<SelectProps, 'data'> & { label: string; data: ComboboxItem[] };

/**
 * Mantine's Select, in the page once it is clicked (open) or takes the focus; a closed field that
 * looks the same stands in before (see lazyUntilUsed). A screen with a row of filters renders and
 * lays out four fields, not four comboboxes each with a popover whose positioning sets state as it
 * mounts, a second render inside the screen's first commit.
 */
export function DeferredSelect(props: DeferredSelectProps) {
  return (
    <UntilUsed
      preload={select.preload}
      standIn={(handlers) => (
        <ClosedSelectField
          label={props.label}
          shown={props.data.find((option) => option.value === props.value)?.label ?? ''}
          placeholder={props.placeholder}
          pointer={!props.searchable}
          handlers={handlers}
        />
      )}
    >
      {(reachedBy) => <select.Component {...props} autoFocus defaultDropdownOpened={reachedBy === 'press'} />}
    </UntilUsed>
  );
}
