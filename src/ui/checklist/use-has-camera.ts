import { useEffect, useState } from 'react';

/** Whether the device has a camera, so a photo can be taken there and then instead of chosen. */
export function useHasCamera(): boolean {
  const [hasCamera, setHasCamera] = useState(false);
  useEffect(() => {
    let live = true;
    void navigator.mediaDevices
      ?.enumerateDevices?.()
      .then((devices) => {
        if (live) setHasCamera(devices.some((device) => device.kind === 'videoinput'));
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);
  return hasCamera;
}
