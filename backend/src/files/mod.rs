//! Uploaded files: where their bytes are kept ([`storage`]) and how a picture's thumbnail is
//! made ([`thumbnail`]). Which files are accepted and who reads them is `domain::upload`.

pub mod storage;
pub mod thumbnail;
