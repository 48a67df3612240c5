// The HTML a store pastes into a product description to show the 360 image spinning: one <div> and a small inline
// script, nothing loaded from anywhere else. The script finds its own <div> (the element before it), so a page can
// hold several. Pointer x picks the frame (a mouse by hovering, a finger or pen by dragging), arrow keys step.

export type ViewerSnippetInput = {
  /** The image's address on the store; the file name until the person replaces it. */
  imageSrc: string;
  frames: number;
  columns: number;
  rows: number;
  frameWidth: number;
  frameHeight: number;
  /** The viewer's accessible name (the person's language). */
  label: string;
};

/** Text safe inside a double-quoted HTML attribute. */
export function escapeAttribute(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

const SCRIPT = `<script>
(function () {
  var box = document.currentScript.previousElementSibling;
  var frames = +box.getAttribute('data-frames');
  var columns = +box.getAttribute('data-columns');
  var rows = +box.getAttribute('data-rows');
  var frame = 0;
  var held = false;
  box.style.backgroundImage = 'url(' + JSON.stringify(box.getAttribute('data-src')) + ')';
  function show(next) {
    frame = ((next % frames) + frames) % frames;
    var column = frame % columns;
    var row = Math.floor(frame / columns);
    box.style.backgroundPosition =
      (columns > 1 ? (column * 100) / (columns - 1) : 0) + '% ' + (rows > 1 ? (row * 100) / (rows - 1) : 0) + '%';
    box.setAttribute('aria-valuenow', String(frame + 1));
  }
  box.addEventListener('pointerdown', function (event) {
    held = true;
    box.setPointerCapture(event.pointerId);
  });
  box.addEventListener('pointerup', function () {
    held = false;
  });
  box.addEventListener('pointermove', function (event) {
    if (event.pointerType !== 'mouse' && !held) return;
    var rect = box.getBoundingClientRect();
    show(Math.min(frames - 1, Math.max(0, Math.floor(((event.clientX - rect.left) / rect.width) * frames))));
  });
  box.addEventListener('keydown', function (event) {
    var step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (step !== 0) {
      event.preventDefault();
      show(frame + step);
    }
  });
  show(0);
})();
</script>`;

/** The snippet for one 360 image. */
export function viewerSnippet(input: ViewerSnippetInput): string {
  const { frames, columns, rows, frameWidth, frameHeight } = input;
  const style = [
    'display:block',
    'width:100%',
    `max-width:${frameWidth}px`,
    `aspect-ratio:${frameWidth} / ${frameHeight}`,
    'background-repeat:no-repeat',
    `background-size:${columns * 100}% ${rows * 100}%`,
    'background-position:0% 0%',
    'cursor:ew-resize',
    'touch-action:pan-y',
    'user-select:none',
  ].join(';');
  const div =
    `<div class="bc-360-viewer" data-src="${escapeAttribute(input.imageSrc)}" data-frames="${frames}"` +
    ` data-columns="${columns}" data-rows="${rows}" data-frame-width="${frameWidth}"` +
    ` data-frame-height="${frameHeight}" tabindex="0" role="slider" aria-label="${escapeAttribute(input.label)}"` +
    ` aria-valuemin="1" aria-valuemax="${frames}" aria-valuenow="1" style="${style}"></div>`;
  return `${div}\n${SCRIPT}\n`;
}
