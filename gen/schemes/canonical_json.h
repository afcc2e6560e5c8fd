// canonical_json (to be written).
#pragma once
