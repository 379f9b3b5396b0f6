/// The compliant sample app lives in CFAAnalysis (rule examples are laid over it); tests keep reaching it
/// through test support.
@_exported import enum CFAAnalysis.CompliantApp
