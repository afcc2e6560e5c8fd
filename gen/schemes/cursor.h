// cursor (to be written).
#pragma once
