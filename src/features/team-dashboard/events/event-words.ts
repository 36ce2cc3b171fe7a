import type { TeamEvent } from '@contract/events/attendees';
import type { AttendeeState, MeetingProvider } from '@contract/events/model';

const PROVIDERS: Record<MeetingProvider, string> = {
  zoom: 'Zoom',
  teams: 'Microsoft Teams',
  meet: 'Google Meet',
  webex: 'Webex',
  other: 'Online meeting',
};

/** Where a session takes place: the location or address, else the meeting's provider. */
export function placeOf(session: TeamEvent['sessions'][number]): string | null {
  if (session.place) return session.place;
  return session.meetingProvider ? PROVIDERS[session.meetingProvider] : null;
}

/** '3 seats left', 'Full · 2 waiting', 'Full · waiting list open', 'Full', 'No limit'. */
export function seatsText(event: Pick<TeamEvent, 'seatsLeft' | 'waitlist' | 'waitingCount'>): string {
  if (event.seatsLeft === null) return 'No limit';
  if (event.seatsLeft > 0) return `${event.seatsLeft} ${event.seatsLeft === 1 ? 'seat' : 'seats'} left`;
  if (event.waitingCount > 0) return `Full · ${event.waitingCount} waiting`;
  return event.waitlist ? 'Full · waiting list open' : 'Full';
}

export function stateText(state: AttendeeState, position: number | null): string {
  if (state === 'waitlisted') return position === null ? 'Waiting' : `Waiting #${position}`;
  return {
    invited: 'Invited',
    registered: 'Registered',
    cancelled: 'Cancelled',
    attended: 'Attended',
    absent: 'Absent',
  }[state];
}

export const STATE_COLORS: Record<AttendeeState, string> = {
  invited: 'gray',
  registered: 'green',
  waitlisted: 'yellow',
  cancelled: 'gray',
  attended: 'teal',
  absent: 'red',
};

/** Holds a seat: may be marked, and is counted against the capacity. */
export const isSeated = (state: AttendeeState) =>
  state === 'registered' || state === 'attended' || state === 'absent';
