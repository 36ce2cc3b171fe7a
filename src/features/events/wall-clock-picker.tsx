import { DateTimePicker, type DateTimePickerProps } from '@mantine/dates';
import { formatWallClock } from './wall-clock';

type WallClockPickerProps = Omit<DateTimePickerProps, 'value' | 'onChange' | 'valueFormat'> & {
  /** 'YYYY-MM-DD HH:mm:ss' in the zone the field is about; '' for none. */
  value: string;
  onChange: (value: string) => void;
};

/**
 * A date and time as read on the clocks of a zone, with no zone of its own: the form turns it into
 * an instant with the zone's offset on that date. Shown in the user's locale.
 */
export function WallClockPicker({ value, onChange, ...props }: WallClockPickerProps) {
  return (
    <DateTimePicker
      placeholder="Pick a date and time"
      {...props}
      value={value === '' ? null : value}
      onChange={(next) => onChange(next ?? '')}
      valueFormat={(date) => formatWallClock(date)}
      // A calendar with the time under it is taller than the room below a field low on the screen,
      // where a popover's Done button would be out of reach: a dialog is always wholly on screen.
      dropdownType="modal"
      modalProps={{ title: props.label, centered: true }}
      ariaLabels={{
        nextMonth: 'Next month',
        previousMonth: 'Previous month',
        nextYear: 'Next year',
        previousYear: 'Previous year',
        nextDecade: 'Next decade',
        previousDecade: 'Previous decade',
      }}
      timePickerProps={{ hoursInputLabel: 'Hours', minutesInputLabel: 'Minutes', amPmInputLabel: 'AM or PM' }}
      submitButtonProps={{ 'aria-label': 'Done' }}
    />
  );
}
