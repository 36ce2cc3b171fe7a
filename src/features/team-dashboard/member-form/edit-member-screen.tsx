import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { toMemberFormValues } from './form-values';
import { MemberFormView } from './member-form';
import { memberDetailOptions, useUpdateMember } from './queries';

export function EditMemberScreen({ memberId, teamId }: { memberId: string; teamId: string }) {
  const queryClient = useQueryClient();
  const { data: member } = useSuspenseQuery(memberDetailOptions(memberId, teamId));
  const updateMember = useUpdateMember(teamId, memberId);
  // The form starts from the record as loaded; later saves reset it explicitly.
  const [initialValues] = useState(() => toMemberFormValues(member, teamId));

  return (
    <MemberFormView
      mode="edit"
      teamId={teamId}
      initialValues={initialValues}
      record={member}
      save={updateMember.mutateAsync}
      onCurrentRecord={(current) =>
        queryClient.setQueryData(memberDetailOptions(memberId, teamId).queryKey, current)
      }
    />
  );
}
