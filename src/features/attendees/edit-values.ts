import type { AttendeeDetail, AttendeeUpdateInput } from '@contract/events/attendees';
import type { AttendeeState, SessionAttendance } from '@contract/events/model';

/** A session's mark in the form: 'none' is not marked (sent as null). */
export type MarkValue = SessionAttendance | 'none';
export const EDITABLE_STATES = ['invited', 'registered', 'cancelled'] as const;
type EditableState = (typeof EDITABLE_STATES)[number];

export type AttendeeFormValues = {
  version: number;
  state: AttendeeState;
  /** sessionId → mark. */
  attendance: Record<string, MarkValue>;
  /** As read, so only what changed is sent: a mark sent for someone without a seat is refused. */
  read: { state: AttendeeState; attendance: Record<string, MarkValue> };
};

export function toAttendeeFormValues(detail: AttendeeDetail): AttendeeFormValues {
  const attendance = Object.fromEntries(
    detail.sessions.map((session) => [session.id, session.attendance ?? 'none'] as const),
  );
  return {
    version: detail.version,
    state: detail.state,
    attendance,
    read: { state: detail.state, attendance },
  };
}

const isEditable = (state: AttendeeState): state is EditableState =>
  (EDITABLE_STATES as readonly string[]).includes(state);

/** The PATCH body: the version, the state when changed, and the marks changed, in session order. */
export function toAttendeeUpdate(values: AttendeeFormValues): AttendeeUpdateInput {
  const attendance = Object.entries(values.attendance)
    .filter(([sessionId, mark]) => values.read.attendance[sessionId] !== mark)
    .map(([sessionId, mark]) => ({ sessionId, state: mark === 'none' ? null : mark }));
  const stateChanged = values.state !== values.read.state && isEditable(values.state);
  return {
    version: values.version,
    ...(stateChanged ? { state: values.state as EditableState } : {}),
    attendance,
  };
}
