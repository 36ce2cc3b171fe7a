import { ACCEPTED_IMAGE_TYPES } from '@contract/constants';
import { useStore } from '@tanstack/react-form';
import { firstErrorMessage } from '@/ui/form/field-error';
import { ImagePicker } from '@/ui/image-picker';
import { checkCourseImage } from './form-values';
import type { useCourseForm } from './use-course-form';

type CourseForm = ReturnType<typeof useCourseForm>;

/**
 * The course's image, on the catalogue's card and in the player: a new file goes in `image`; the
 * stored one is only previewed from `imageUrl`; removing the stored one sets `removeImage`.
 */
export function CourseImageField({ form, disabled }: { form: CourseForm; disabled: boolean }) {
  const storedUrl = useStore(form.store, (state) => state.values.imageUrl);
  const name = useStore(form.store, (state) => state.values.name);
  return (
    <form.Field name="image">
      {(field) => (
        <ImagePicker
          label="Course Image"
          value={field.state.value ?? (storedUrl || null)}
          onChange={(file) => {
            if (file === null && storedUrl !== '') {
              form.setFieldValue('removeImage', true);
              form.setFieldValue('imageUrl', '');
            }
            field.handleChange(file);
          }}
          accept={ACCEPTED_IMAGE_TYPES}
          validate={checkCourseImage}
          name={name}
          error={firstErrorMessage(field.state.meta.errors)}
          disabled={disabled}
        />
      )}
    </form.Field>
  );
}
