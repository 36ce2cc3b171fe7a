import { useState } from 'react';
import { emptyMemberValues } from './form-values';
import { MemberFormView } from './member-form';
import { useAddMember } from './queries';

export function AddMemberScreen({ teamId }: { teamId: string }) {
  const addMember = useAddMember(teamId);
  const [initialValues] = useState(() => emptyMemberValues(teamId));
  return (
    <MemberFormView mode="add" teamId={teamId} initialValues={initialValues} save={addMember.mutateAsync} />
  );
}
