// A fixture for include_cycles_bites.
#pragma once
