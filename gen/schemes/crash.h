// crash (to be written).
#pragma once
