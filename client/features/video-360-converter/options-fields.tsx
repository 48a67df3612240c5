import { useTranslation } from 'react-i18next';
import { readBackground, type Video360Form } from '../../../common/video/video360-options';
import { CheckboxField, TextField } from '../../components/form-field';

/** The 360 options (spec part 2 §3): frame count, frame size, background colour, final max width. */
export function OptionsFields({
  form,
  onChange,
  disabled,
}: {
  form: Video360Form;
  onChange: (form: Video360Form) => void;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  const set = <K extends keyof Video360Form>(key: K, value: Video360Form[K]) =>
    onChange({ ...form, [key]: value });
  const swatch = readBackground(form.background).value;
  return (
    <fieldset className="space-y-4 rounded-xl border border-slate-200 p-4" disabled={disabled}>
      <legend className="px-1 text-sm font-medium text-slate-700">{t('video360.options')}</legend>
      <TextField
        label={t('video360.frameCount')}
        value={form.frames}
        onValueChange={(value) => set('frames', value)}
        inputMode="numeric"
        hint={t('video360.frameCountHint')}
        testId="video360-frames"
        className="max-w-xs"
      />
      <div className="space-y-3">
        <CheckboxField
          label={t('video360.resizeFrames')}
          checked={form.resizeFrames}
          onChange={(value) => set('resizeFrames', value)}
          isDisabled={disabled}
          testId="video360-resize-frames"
        />
        <div className="grid gap-3 sm:grid-cols-2">
          <TextField
            label={t('video360.frameWidth')}
            value={form.frameWidth}
            onValueChange={(value) => set('frameWidth', value)}
            inputMode="numeric"
            disabled={disabled || !form.resizeFrames}
            hint={t('video360.frameSizeHint')}
            testId="video360-frame-width"
          />
          <TextField
            label={t('video360.frameHeight')}
            value={form.frameHeight}
            onValueChange={(value) => set('frameHeight', value)}
            inputMode="numeric"
            disabled={disabled || !form.resizeFrames}
            testId="video360-frame-height"
          />
        </div>
      </div>
      <div className="flex items-end gap-3">
        <TextField
          label={t('video360.background')}
          value={form.background}
          onValueChange={(value) => set('background', value)}
          hint={t('video360.backgroundHint')}
          testId="video360-background"
          className="max-w-xs flex-1"
        />
        <span
          aria-hidden="true"
          data-testid="video360-background-swatch"
          className="mb-7 h-9 w-9 shrink-0 rounded-lg border border-slate-300"
          style={{ backgroundColor: swatch }}
        />
      </div>
      <div className="space-y-3">
        <CheckboxField
          label={t('video360.resizeFinal')}
          checked={form.resizeFinal}
          onChange={(value) => set('resizeFinal', value)}
          isDisabled={disabled}
          testId="video360-resize-final"
        />
        <TextField
          label={t('video360.maxWidth')}
          value={form.maxWidth}
          onValueChange={(value) => set('maxWidth', value)}
          inputMode="numeric"
          disabled={disabled || !form.resizeFinal}
          hint={t('video360.maxWidthHint')}
          testId="video360-max-width"
          className="max-w-xs"
        />
      </div>
    </fieldset>
  );
}
