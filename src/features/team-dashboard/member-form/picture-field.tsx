import { ACCEPTED_IMAGE_TYPES } from '@contract/constants';
import { useStore } from '@tanstack/react-form';
import { firstErrorMessage } from '@/ui/form/field-error';
import { ImagePicker } from '@/ui/image-picker';
import { checkProfilePicture } from './form-values';
import type { MemberForm } from './use-member-form';

/**
 * The profile image: a new file goes in `profilePicture`; the stored one is only previewed from
 * `profilePictureURL`; removing a stored one sets `removeProfilePicture`.
 */
export function PictureField({ form, disabled = false }: { form: MemberForm; disabled?: boolean }) {
  const storedUrl = useStore(form.store, (state) => state.values.profilePictureURL);
  const name = useStore(form.store, (state) => `${state.values.firstName} ${state.values.lastName}`);

  return (
    <form.Field name="profilePicture">
      {(field) => {
        const change = (file: File | null) => {
          // A server message about the picture is about the one it saw.
          field.setMeta((meta) => ({ ...meta, errorMap: { ...meta.errorMap, onServer: undefined } }));
          if (file === null && storedUrl !== '') {
            form.setFieldValue('removeProfilePicture', true);
            form.setFieldValue('profilePictureURL', '');
          }
          field.handleChange(file);
        };
        return (
          <ImagePicker
            label="Profile Image"
            value={field.state.value ?? (storedUrl || null)}
            onChange={change}
            accept={ACCEPTED_IMAGE_TYPES}
            validate={checkProfilePicture}
            name={name}
            error={firstErrorMessage(field.state.meta.errors)}
            disabled={disabled}
          />
        );
      }}
    </form.Field>
  );
}
