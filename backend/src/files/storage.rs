//! Where uploaded files are kept: the local disk (`UPLOAD_DIR`, the default) or an
//! S3-compatible bucket (`UPLOAD_URL=s3://bucket`), so that several server processes share
//! them. Both sit behind `object_store`'s one interface; this module only chooses and wraps
//! it.

use bytes::Bytes;
use object_store::aws::AmazonS3Builder;
use object_store::local::LocalFileSystem;
use object_store::path::Path as Key;
use object_store::{ObjectStore, ObjectStoreExt, PutPayload};
use std::path::Path;
use std::sync::Arc;

/// Why the storage could not do what it was asked.
#[derive(Debug, thiserror::Error)]
pub enum StorageError {
    #[error("no such file in the upload storage")]
    Missing,
    #[error("upload storage: {0}")]
    Failed(String),
}

impl From<object_store::Error> for StorageError {
    fn from(e: object_store::Error) -> Self {
        match e {
            object_store::Error::NotFound { .. } => StorageError::Missing,
            other => StorageError::Failed(other.to_string()),
        }
    }
}

/// The upload storage, cheap to clone.
#[derive(Debug, Clone)]
pub struct Storage {
    inner: Arc<dyn ObjectStore>,
}

impl Storage {
    /// The local disk under `dir` (created when missing).
    pub fn local(dir: &Path) -> Result<Storage, StorageError> {
        std::fs::create_dir_all(dir)
            .map_err(|e| StorageError::Failed(format!("cannot create {}: {e}", dir.display())))?;
        Ok(Storage {
            inner: Arc::new(LocalFileSystem::new_with_prefix(dir)?),
        })
    }

    /// An S3-compatible bucket, from `s3://bucket`; credentials, region and endpoint come
    /// from the usual `AWS_*` variables (`AWS_ENDPOINT` and `AWS_ALLOW_HTTP` for MinIO and
    /// the like).
    pub fn s3(url: &str) -> Result<Storage, StorageError> {
        let bucket = url
            .strip_prefix("s3://")
            .map(|b| b.trim_end_matches('/'))
            .filter(|b| !b.is_empty() && !b.contains('/'))
            .ok_or_else(|| {
                StorageError::Failed(format!("UPLOAD_URL must be s3://bucket, not {url:?}"))
            })?;
        // The HTTP client takes the process's TLS provider; ring is the one this server uses.
        let _ = rustls::crypto::ring::default_provider().install_default();
        let store = AmazonS3Builder::from_env()
            .with_bucket_name(bucket)
            .build()?;
        Ok(Storage {
            inner: Arc::new(store),
        })
    }

    /// Keeps `bytes` under `key`. The same key always holds the same bytes (keys name a
    /// content hash), so writing it again is harmless.
    pub async fn put(&self, key: &str, bytes: Bytes) -> Result<(), StorageError> {
        let key = parse(key)?;
        self.inner.put(&key, PutPayload::from(bytes)).await?;
        Ok(())
    }

    /// The bytes under `key`.
    pub async fn get(&self, key: &str) -> Result<Bytes, StorageError> {
        let key = parse(key)?;
        Ok(self.inner.get(&key).await?.bytes().await?)
    }

    /// Deletes the bytes under `key`; a key already gone is no failure.
    pub async fn delete(&self, key: &str) -> Result<(), StorageError> {
        let key = parse(key)?;
        match self.inner.delete(&key).await {
            Ok(()) | Err(object_store::Error::NotFound { .. }) => Ok(()),
            Err(e) => Err(e.into()),
        }
    }
}

fn parse(key: &str) -> Result<Key, StorageError> {
    Key::parse(key).map_err(|e| StorageError::Failed(format!("bad key {key:?}: {e}")))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn local_files_round_trip_and_missing_ones_are_told_apart() {
        let dir = tempfile::tempdir().expect("temp dir");
        let storage = Storage::local(&dir.path().join("uploads")).expect("storage");
        storage
            .put("users/u1/abc.png", Bytes::from_static(b"png"))
            .await
            .expect("put");
        assert_eq!(
            storage.get("users/u1/abc.png").await.expect("get"),
            Bytes::from_static(b"png")
        );
        assert!(dir.path().join("uploads/users/u1/abc.png").is_file());
        assert!(matches!(
            storage.get("users/u1/none.png").await,
            Err(StorageError::Missing)
        ));
        assert!(matches!(
            storage.put("../escape", Bytes::new()).await,
            Err(StorageError::Failed(_))
        ));
    }

    #[test]
    fn the_bucket_comes_from_the_url() {
        assert!(Storage::s3("s3://").is_err());
        assert!(Storage::s3("http://bucket").is_err());
        assert!(Storage::s3("s3://a/b").is_err());
    }
}
