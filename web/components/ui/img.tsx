import { type ImgHTMLAttributes, useState } from 'react';

/** An image that hides itself when it fails to load (spec: failed images are hidden). */
export function Img({ onError, alt = '', ...props }: ImgHTMLAttributes<HTMLImageElement>) {
  const [failedSrc, setFailedSrc] = useState<string | undefined>();
  return (
    <img
      alt={alt}
      {...props}
      hidden={failedSrc !== undefined && failedSrc === props.src}
      onError={(event) => {
        setFailedSrc(props.src);
        onError?.(event);
      }}
    />
  );
}
