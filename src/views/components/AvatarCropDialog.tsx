/**
 * The crop dialog of the avatar upload widget (spec §4 and §5 Avatar upload). Loaded on demand
 * (React.lazy in AvatarUploadView): cropperjs and its stylesheet live in this module's chunk
 * only, never in the landing page's.
 */
import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import type { ChangeEvent, KeyboardEvent, SyntheticEvent } from 'react';
import Cropper from 'cropperjs';
import 'cropperjs/dist/cropper.css';
import { X } from 'lucide-react';
import { mediaMessages } from '../../../contract/media';
import { cropOutputSize, cropOutputType, snapZoom } from '../utils/cropOutput';
import type { CropSizeRules, ZoomRange } from '../utils/cropOutput';
import { Button } from './Button';
import styles from './AvatarCropDialog.module.css';

/** The crop's rules, from the validation preset. */
export interface AvatarCropConstraints extends CropSizeRules {
  /** Width / height of the crop area, or null for a free crop. */
  aspectRatio: number | null;
  zoom: ZoomRange;
}

export interface AvatarCropDialogProps {
  /** The chosen image, as a URL the page can load (an object URL). */
  sourceUrl: string;
  /** Its mime type: a PNG stays a PNG, anything else becomes a JPEG. */
  sourceType: string;
  constraints: AvatarCropConstraints;
  /** Apply: the cropped image, scaled to the preset. */
  onApply: (image: Blob) => void;
  /** Cancel, the close button or Escape. */
  onCancel: () => void;
}

/** How far an arrow key moves the photo, in screen pixels. */
const MOVE_STEP = 10;
/** The round preview's diameter (spec §9: 150 px). */
export const CROP_PREVIEW_SIZE = 150;

/**
 * A full-screen modal: the photo under a crop area of the preset's aspect ratio; drag (or touch,
 * or the arrow keys on the crop area) to move it, the labelled slider (or + and -, the wheel, a
 * pinch) to zoom 1 to 3 in steps of 0.1; a 150 px round preview; Apply and Cancel.
 */
export default function AvatarCropDialog({
  sourceUrl,
  sourceType,
  constraints,
  onApply,
  onCancel,
}: AvatarCropDialogProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const imageRef = useRef<HTMLImageElement>(null);
  const previewRef = useRef<HTMLDivElement>(null);
  const cropperRef = useRef<Cropper | null>(null);
  /** The cropper's zoom ratio at zoom 1: the photo fitted to the crop area. */
  const baseRatioRef = useRef(1);
  const [zoom, setZoom] = useState(constraints.zoom.min);
  /** The zoom shown, for the cropper's event handlers (they outlive a render). */
  const zoomRef = useRef(constraints.zoom.min);
  const showZoom = (value: number) => {
    zoomRef.current = value;
    setZoom(value);
  };
  const [ready, setReady] = useState(false);
  const [applying, setApplying] = useState(false);
  const [failed, setFailed] = useState(false);
  const titleId = useId();
  const helpId = useId();
  const sliderId = useId();

  // Opened before the cropper measures its container (a closed dialog has no size).
  useLayoutEffect(() => {
    const dialog = dialogRef.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => {
      if (dialog?.open) dialog.close();
    };
  }, []);

  const { aspectRatio } = constraints;
  const { min, max, step } = constraints.zoom;
  useEffect(() => {
    const image = imageRef.current;
    if (!image) return;
    setReady(false);
    const range = { min, max, step };
    const cropper = new Cropper(image, {
      aspectRatio: aspectRatio ?? Number.NaN,
      viewMode: 1,
      dragMode: 'move',
      autoCropArea: 0.9,
      cropBoxMovable: false,
      cropBoxResizable: false,
      toggleDragModeOnDblclick: false,
      guides: false,
      background: false,
      restore: false,
      // Browsers draw a photo upright from its EXIF orientation already.
      checkOrientation: false,
      ...(previewRef.current ? { preview: previewRef.current } : {}),
      ready() {
        const data = cropper.getImageData();
        baseRatioRef.current = data.naturalWidth > 0 ? data.width / data.naturalWidth : 1;
        showZoom(range.min);
        setReady(true);
      },
      zoom(event) {
        const next = event.detail.ratio / baseRatioRef.current;
        // The wheel and a pinch stay within 1 to 3 like the slider: a step past an end stops
        // at that end.
        if (next < range.min - 1e-6 || next > range.max + 1e-6) {
          event.preventDefault();
          const end = next < range.min ? range.min : range.max;
          if (Math.abs(zoomRef.current - end) > 1e-6) cropper.zoomTo(baseRatioRef.current * end);
          return;
        }
        showZoom(snapZoom(next, range));
      },
    });
    cropperRef.current = cropper;
    return () => {
      cropper.destroy();
      cropperRef.current = null;
    };
  }, [sourceUrl, aspectRatio, min, max, step]);

  const zoomTo = (value: number) => {
    const next = snapZoom(value, constraints.zoom);
    showZoom(next);
    cropperRef.current?.zoomTo(baseRatioRef.current * next);
  };

  const onSlide = (event: ChangeEvent<HTMLInputElement>) => zoomTo(Number(event.target.value));

  const onAreaKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const cropper = cropperRef.current;
    if (!cropper) return;
    const moves: Record<string, [number, number]> = {
      ArrowLeft: [-MOVE_STEP, 0],
      ArrowRight: [MOVE_STEP, 0],
      ArrowUp: [0, -MOVE_STEP],
      ArrowDown: [0, MOVE_STEP],
    };
    const move = moves[event.key];
    if (move) {
      cropper.move(move[0], move[1]);
    } else if (event.key === '+' || event.key === '=') {
      zoomTo(zoom + step);
    } else if (event.key === '-' || event.key === '_') {
      zoomTo(zoom - step);
    } else {
      return;
    }
    event.preventDefault();
  };

  const apply = () => {
    const cropper = cropperRef.current;
    if (!cropper || !ready || applying) return;
    const region = cropper.getData(true);
    const size = cropOutputSize(region, constraints);
    if (size === null) {
      setFailed(true);
      return;
    }
    const type = cropOutputType(sourceType);
    const canvas = cropper.getCroppedCanvas({
      width: size.width,
      height: size.height,
      imageSmoothingEnabled: true,
      imageSmoothingQuality: 'high',
      // A JPEG has no transparency: transparent pixels become white, not black.
      ...(type === 'image/jpeg' ? { fillColor: '#fff' } : {}),
    });
    setApplying(true);
    setFailed(false);
    canvas.toBlob(
      (blob) => {
        setApplying(false);
        if (blob) onApply(blob);
        else setFailed(true);
      },
      type,
      0.92,
    );
  };

  // Escape and other close requests (the Android back gesture) cancel.
  const onKeyDown = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      onCancel();
    }
  };
  const onCancelRequest = (event: SyntheticEvent<HTMLDialogElement>) => {
    event.preventDefault();
    onCancel();
  };

  return (
    <dialog
      ref={dialogRef}
      className={styles.dialog}
      aria-labelledby={titleId}
      onKeyDown={onKeyDown}
      onCancel={onCancelRequest}
    >
      <div className={styles.panel}>
        <div className={styles.header}>
          <h2 id={titleId} className={styles.title}>
            Crop your photo
          </h2>
          <button type="button" className={styles.close} aria-label="Close" onClick={onCancel}>
            <X aria-hidden="true" focusable="false" size={20} />
          </button>
        </div>
        <p id={helpId} className={styles.help}>
          Drag the photo, or use the arrow keys, to place it in the frame; zoom with the slider or
          the + and - keys.
        </p>
        {/*
          The crop area is one focusable widget that takes the arrow keys (move) and + / - (zoom),
          as a pointer drags and pinches it: role="application" passes those keys to it.
        */}
        {/* eslint-disable jsx-a11y/no-noninteractive-tabindex, jsx-a11y/no-noninteractive-element-interactions */}
        <div
          className={styles.area}
          role="application"
          aria-roledescription="crop area"
          aria-label="Photo to crop"
          aria-describedby={helpId}
          tabIndex={0}
          onKeyDown={onAreaKeyDown}
        >
          <img ref={imageRef} className={styles.image} src={sourceUrl} alt="Your choice, to crop" />
        </div>
        {/* eslint-enable jsx-a11y/no-noninteractive-tabindex, jsx-a11y/no-noninteractive-element-interactions */}
        <div className={styles.controls}>
          <div className={styles.previewBox}>
            <div
              ref={previewRef}
              className={styles.preview}
              style={{ width: CROP_PREVIEW_SIZE, height: CROP_PREVIEW_SIZE }}
              role="img"
              aria-label="Preview of the cropped photo"
            />
            <span className={styles.previewLabel} aria-hidden="true">
              Preview
            </span>
          </div>
          <div className={styles.zoom}>
            <label htmlFor={sliderId} className={styles.zoomLabel}>
              Zoom
            </label>
            <div className={styles.zoomRow}>
              <span className={styles.zoomEnd} aria-hidden="true">
                {min}×
              </span>
              <input
                id={sliderId}
                className={styles.slider}
                type="range"
                min={min}
                max={max}
                step={step}
                value={zoom}
                aria-valuetext={`${zoom.toFixed(1)} times`}
                onChange={onSlide}
                disabled={!ready}
              />
              <span className={styles.zoomEnd} aria-hidden="true">
                {max}×
              </span>
            </div>
          </div>
        </div>
        {failed ? (
          <p className={styles.error} role="alert">
            {mediaMessages.invalidImage}
          </p>
        ) : null}
        <div className={styles.footer}>
          <Button variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
          <Button
            onClick={apply}
            busy={applying}
            busyText="Applying..."
            aria-disabled={!ready || undefined}
          >
            Apply
          </Button>
        </div>
      </div>
    </dialog>
  );
}
