// Account's public API is made of OTP's value types (OTPParameters, OTPType, KeyURI), so
// whoever uses Domain sees them without naming OTP as a dependency of its own.
@_exported import OTP
