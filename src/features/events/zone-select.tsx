import { Select, type SelectProps } from '@mantine/core';
import { dropdownProps } from '@/ui/form/dropdown-props';

let zones: string[] | undefined;

/** The IANA zones this browser knows, plus `value` when it names one the list leaves out (UTC). */
function zonesWith(value: string): string[] {
  zones ??= Intl.supportedValuesOf('timeZone');
  return value === '' || zones.includes(value) ? zones : [value, ...zones];
}

type ZoneSelectProps = Omit<SelectProps, 'data' | 'value' | 'onChange'> & {
  value: string;
  onChange: (zone: string) => void;
};

/** A searchable select of IANA time zones ('Europe/London'); typing 'london' finds it. */
export function ZoneSelect({ value, onChange, ...props }: ZoneSelectProps) {
  return (
    <Select
      searchable
      limit={50}
      nothingFoundMessage="No time zone found."
      comboboxProps={dropdownProps}
      {...props}
      data={zonesWith(value)}
      value={value === '' ? null : value}
      onChange={(next) => onChange(next ?? '')}
      allowDeselect={false}
    />
  );
}
